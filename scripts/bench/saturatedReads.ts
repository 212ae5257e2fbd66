// The request path against a bare Fastify hello-world, each loaded by autocannon in a process of
// its own until the server, not the generator, is the limit (issue 30). Every server is a process
// of its own too; each reads' run sits between two runs of the bare server, and the faster bare run
// is the baseline. The servers' and the generator's CPU use are printed: a saturated Node server
// uses about one core, and a generator below one core was not the limit.
import { forkScript } from './child';
import type { LoadRequest, LoadResult } from './loadGenerator';
import { busyWhile } from './processCpu';
import type { Read } from './schoolReads';

export type SaturatedRun = LoadResult & { name: string; serverBusy: number; generatorBusy: number; bytes?: number };
type Ratios = Record<string, { throughputShare: number; p99: number }>;
export type BareComparison = {
  bare: SaturatedRun[];
  reads: SaturatedRun[];
  ratios: Ratios;
  /** Reads whose answer is large, against the bare server sending as many bytes. */
  sameBytes: SaturatedRun[];
  sameBytesRatios: Ratios;
};

/** An answer this large is also compared with the bare server sending as many bytes. */
const LARGE_ANSWER_BYTES = 4096;

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

export async function compareWithBare(
  base: string,
  appPid: number,
  reads: Read[],
  options: { connections: number; seconds: number },
): Promise<BareComparison> {
  const generator = await forkScript('loadGenerator.ts');
  const bareChild = await forkScript('bareFastify.ts');
  const bareBase = `http://127.0.0.1:${String(bareChild.first.port)}`;
  const bare: SaturatedRun[] = [];
  const measured: SaturatedRun[] = [];
  const sameBytes: SaturatedRun[] = [];
  const sameBytesRatios: Ratios = {};
  try {
    const run = async (name: string, url: string, serverPid: number, cookie?: string): Promise<SaturatedRun> => {
      const request: LoadRequest = { url, cookie, connections: options.connections, seconds: options.seconds };
      const { value, busy } = await busyWhile({ server: serverPid, generator: generator.process.pid! }, () =>
        generator.ask<LoadResult>(request, 'result'),
      );
      return { name, ...value, serverBusy: busy.server!, generatorBusy: busy.generator! };
    };
    // Warm-up: the JIT, the engine's caches and the connection pools, untimed.
    const warm = { ...options, seconds: Math.max(2, Math.round(options.seconds / 2)) };
    await run('warm-up', `${bareBase}/hello`, bareChild.process.pid!);
    for (const read of reads) await generator.ask<LoadResult>({ url: base + read.path, cookie: read.cookie, ...warm }, 'result');
    bare.push(await run('bare Fastify GET /hello', `${bareBase}/hello`, bareChild.process.pid!));
    for (const read of reads) {
      const bytes = (await (await fetch(base + read.path, { headers: { cookie: read.cookie } })).arrayBuffer()).byteLength;
      measured.push({ ...(await run(read.name, base + read.path, appPid, read.cookie)), bytes });
    }
    bare.push(await run('bare Fastify GET /hello (again)', `${bareBase}/hello`, bareChild.process.pid!));
    for (const read of measured.filter((r) => r.bytes! >= LARGE_ANSWER_BYTES)) {
      const same = await run(`bare Fastify, ${read.bytes} bytes`, `${bareBase}/bytes/${read.bytes}`, bareChild.process.pid!);
      sameBytes.push(same);
      sameBytesRatios[read.name] = { throughputShare: ratio(read.perSecond, same.perSecond), p99: ratio(read.p99, same.p99) };
    }
  } finally {
    bareChild.process.kill();
    generator.process.kill();
  }
  const baseline = bare.reduce((best, run) => (run.perSecond > best.perSecond ? run : best));
  const ratios = Object.fromEntries(
    measured.map((r) => [r.name, { throughputShare: ratio(r.perSecond, baseline.perSecond), p99: ratio(r.p99, baseline.p99) }]),
  );
  return { bare, reads: measured, ratios, sameBytes, sameBytesRatios };
}

/** The server's CPU time per answer (µs): what throughput would be were it alone on its core, whoever else shares the machine. */
export const cpuPerRequest = (r: SaturatedRun) => (r.serverBusy / r.perSecond) * 1e6;

export function printComparison(comparison: BareComparison, options: { connections: number; seconds: number }): void {
  console.log(
    `\nThe request path against a bare Fastify hello-world: autocannon in its own process, ${options.connections} connections, ${options.seconds} s per route`,
  );
  console.log(
    `${'route'.padEnd(44)}${'bytes'.padStart(7)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}${'server'.padStart(8)}${'autocannon'.padStart(11)}${'µs CPU'.padStart(8)}${'share'.padStart(7)}${'p99×'.padStart(7)}`,
  );
  const line = (r: SaturatedRun, ratios?: { throughputShare: number; p99: number }) =>
    console.log(
      `${r.name.padEnd(44)}${String(r.bytes ?? '').padStart(7)}${r.perSecond.toFixed(0).padStart(9)}${r.p50.toFixed(2).padStart(8)}${r.p99.toFixed(2).padStart(8)}${String(r.non2xx + r.errors).padStart(9)}` +
        `${`${(r.serverBusy * 100).toFixed(0)}%`.padStart(8)}${`${(r.generatorBusy * 100).toFixed(0)}%`.padStart(11)}${cpuPerRequest(r).toFixed(0).padStart(8)}` +
        (ratios ? `${ratios.throughputShare.toFixed(2).padStart(7)}${ratios.p99.toFixed(2).padStart(7)}` : ''),
    );
  for (const r of comparison.bare) line(r);
  for (const r of comparison.reads) line(r, comparison.ratios[r.name]);
  for (const r of comparison.sameBytes) line(r);
  for (const [name, r] of Object.entries(comparison.sameBytesRatios)) {
    console.log(
      `  ${name}: against the bare server sending as many bytes, ${r.throughputShare.toFixed(2)} of its throughput, p99 ${r.p99.toFixed(2)}×`,
    );
  }
  const best = comparison.bare.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const saturated = best.serverBusy >= 0.9 && best.generatorBusy < 0.95;
  console.log(
    `The bare server reached ${best.perSecond.toFixed(0)} req/s, using ${(best.serverBusy * 100).toFixed(0)}% of a core while autocannon used ${(best.generatorBusy * 100).toFixed(0)}%: ` +
      (saturated ? 'the server was the limit, not the generator.' : 'NOT clearly saturated by the server (see the CPU columns).'),
  );
  const cpuShares = comparison.reads.map((r) => `${r.name} ${(cpuPerRequest(best) / cpuPerRequest(r)).toFixed(2)}`);
  console.log(
    `By CPU time per answer (bare's µs / the read's µs; the share each would reach with a core to itself): ${cpuShares.join(', ')}`,
  );
  const missed = Object.entries(comparison.ratios).filter(([, r]) => r.throughputShare < 0.25 || r.p99 >= 3);
  console.log(
    missed.length === 0
      ? 'Goal met: every read at least 25% of bare throughput, p99 under 3× bare.'
      : `Goal missed by: ${missed.map(([name]) => name).join(', ')}`,
  );
}
