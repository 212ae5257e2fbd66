// autocannon in a process of its own, so that the load generator never shares a core's event loop
// with the client code of the bench or with the servers it measures. Told what to send over IPC,
// answers with what it reached.
import autocannon from 'autocannon';

/**
 * `rate`: requests per second over all connections, as users send them; unset, as fast as answered.
 * `timeline`: also answer each request's send time (ms since the epoch, this machine's clock) and time.
 */
export type LoadRequest = { url: string; cookie?: string; connections: number; seconds: number; rate?: number; timeline?: boolean };
export type LoadResult = {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeline?: { sentAt: number[]; ms: number[] };
};

const clockNow = () => performance.timeOrigin + performance.now();

/** The q-quantile of sorted times. */
const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

process.on('message', (message: LoadRequest) => {
  // autocannon's histogram keeps whole milliseconds; each answer's own time (µs precision) is kept
  // here, so a p99 of 1.4 ms is not read as 1 or 2.
  let times = new Float64Array(1 << 16);
  let count = 0;
  const sentAt: number[] = [];
  const ms: number[] = [];
  const instance = autocannon(
    {
      url: message.url,
      connections: message.connections,
      duration: message.seconds,
      ...(message.rate ? { overallRate: message.rate } : {}),
      headers: message.cookie ? { cookie: message.cookie } : {},
    },
    (err, result) => {
      if (err) return process.send!({ error: String(err) });
      const sorted = times.subarray(0, count).sort();
      const reply: LoadResult = {
        perSecond: result.requests.average,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        ...(message.timeline ? { timeline: { sentAt, ms } } : {}),
      };
      process.send!({ result: reply });
    },
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (count === times.length) {
      const larger = new Float64Array(times.length * 2);
      larger.set(times);
      times = larger;
    }
    times[count++] = responseTime;
    if (message.timeline) {
      sentAt.push(clockNow() - responseTime);
      ms.push(responseTime);
    }
  });
});
process.send!({ ready: true });
