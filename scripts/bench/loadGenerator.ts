// autocannon in a process of its own, so that the load generator never shares a core's event loop
// with the client code of the bench or with the servers it measures. Told what to send over IPC,
// answers with what it reached.
import autocannon from 'autocannon';

export type LoadRequest = { url: string; cookie?: string; connections: number; seconds: number };
export type LoadResult = { perSecond: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };

process.on('message', (message: LoadRequest) => {
  autocannon(
    {
      url: message.url,
      connections: message.connections,
      duration: message.seconds,
      headers: message.cookie ? { cookie: message.cookie } : {},
    },
    (err, result) => {
      if (err) return process.send!({ error: String(err) });
      const reply: LoadResult = {
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      process.send!({ result: reply });
    },
  );
});
process.send!({ ready: true });
