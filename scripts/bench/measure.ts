/** The headers of the app's own calls with a body (its CSRF check asks for X-Requested-With). */
export const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

export type Result = {
  name: string;
  count: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
};

/** Runs `count` requests with `concurrency` in flight, timing each; non-2xx answers count as failures. */
export async function measure(name: string, count: number, concurrency: number, send: (i: number) => Promise<Response>): Promise<Result> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      const res = await send(i);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, count, failures, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: times.at(-1)!, perSecond: count / elapsed };
}

export function printTable(results: Result[], setup: Record<string, string | number>): void {
  console.log(
    `\nBenchmark (${Object.entries(setup)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')})\n`,
  );
  console.log(
    `${'route'.padEnd(44)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'req/s'.padStart(9)}${'failed'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(44)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${r.max.toFixed(1).padStart(9)}${r.perSecond.toFixed(0).padStart(9)}${String(r.failures).padStart(8)}`,
    );
  }
}

/** a / b, rounded for a report. */
export function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}
