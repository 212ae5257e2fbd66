// How the server answers everyone else while it makes exports (issue 31): GET /api/auth/me at a
// steady rate, as signed-in users send it, from autocannon in a process of its own, first with no
// export, then while a 2,000-report export of each format is made again and again, then while
// three are made at once. The ratio of each p99 to the p99 with no export, same run, is the figure.
import { forkScript } from './child';
import type { LoadRequest, LoadResult } from './loadGenerator';

const SECONDS = 8;
const RATE = 400;
const CONNECTIONS = 4;
export const EXPORT_GOALS = { oneExport: 1.5, threeExports: 2 } as const;

type Format = 'csv' | 'xlsx' | 'pdf';
export type ResponsivenessRun = { name: string; p50: number; p99: number; requests: number; exports: number; ratio: number };

const round = (n: number) => Math.round(n * 100) / 100;

async function exportOnce(base: string, cookie: string, format: Format, range: string): Promise<void> {
  const res = await fetch(`${base}/api/reports/export.${format}?${range}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`export.${format}: ${res.status}`);
  await res.arrayBuffer();
}

/** Makes exports of the range back to back until `stop` says so; how many were made whole. */
async function exportLoop(base: string, cookie: string, format: Format, range: string, stop: () => boolean): Promise<number> {
  let made = 0;
  for (; !stop(); made++) await exportOnce(base, cookie, format, range);
  return made;
}

export async function measureExportResponsiveness(base: string, meCookie: string, exportCookie: string, range: string): Promise<ResponsivenessRun[]> {
  const generator = await forkScript('loadGenerator.ts');
  const me: LoadRequest = { url: `${base}/api/auth/me`, cookie: meCookie, connections: CONNECTIONS, seconds: SECONDS, rate: RATE };
  try {
    // Warm-up: the JIT, the export worker started, untimed.
    for (const format of ['csv', 'xlsx', 'pdf'] as const) await exportOnce(base, exportCookie, format, range);
    await generator.ask<LoadResult>({ ...me, seconds: 2 }, 'result');

    const during = async (name: string, formats: Format[]): Promise<Omit<ResponsivenessRun, 'ratio'>> => {
      let stopped = false;
      const loops = formats.map((format) => exportLoop(base, exportCookie, format, range, () => stopped));
      const load = await generator.ask<LoadResult>(me, 'result');
      stopped = true;
      const exports = (await Promise.all(loops)).reduce((sum, n) => sum + n, 0);
      if (load.non2xx || load.errors) throw new Error(`${name}: ${load.non2xx} non-2xx, ${load.errors} errors`);
      return { name, p50: load.p50, p99: load.p99, requests: load.requests, exports };
    };
    const runs = [
      await during('no export', []),
      await during('while a PDF is made', ['pdf']),
      await during('while an xlsx is made', ['xlsx']),
      await during('while a CSV is made', ['csv']),
      await during('while three are made at once (PDF, xlsx, CSV)', ['pdf', 'xlsx', 'csv']),
    ];
    const idle = runs[0]!.p99;
    return runs.map((run) => ({ ...run, ratio: round(run.p99 / idle) }));
  } finally {
    generator.process.kill();
  }
}

export function printResponsiveness(runs: ResponsivenessRun[], reports: number): string[] {
  const lines = [
    `\nGET /api/auth/me at ${RATE} req/s (${CONNECTIONS} connections, autocannon in its own process, ${SECONDS} s each) while ${reports}-report exports are made back to back`,
    `${'case'.padEnd(50)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'×idle'.padStart(8)}${'answers'.padStart(9)}${'exports'.padStart(9)}`,
  ];
  for (const run of runs) {
    lines.push(`${run.name.padEnd(50)}${run.p50.toFixed(2).padStart(9)}${run.p99.toFixed(2).padStart(9)}${run.ratio.toFixed(2).padStart(8)}${String(run.requests).padStart(9)}${String(run.exports).padStart(9)}`);
  }
  const single = runs.slice(1, 4).every((run) => run.ratio <= EXPORT_GOALS.oneExport);
  const three = runs[4]!.ratio <= EXPORT_GOALS.threeExports;
  lines.push(
    single && three
      ? `Goal met: p99 at most ${EXPORT_GOALS.oneExport}× idle during each export, at most ${EXPORT_GOALS.threeExports}× with three at once.`
      : `Goal NOT met: p99 ≤ ${EXPORT_GOALS.oneExport}× idle during each export (${single ? 'met' : 'missed'}), ≤ ${EXPORT_GOALS.threeExports}× with three at once (${three ? 'met' : 'missed'}).`,
  );
  return lines;
}
