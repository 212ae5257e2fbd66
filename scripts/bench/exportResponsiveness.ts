// How the server answers everyone else while it makes an export (issue 31). GET /api/auth/me at a
// steady rate, as signed-in users send it, from autocannon in a process of its own; meanwhile
// this process makes a 2,000-report export, rests as long, makes it again, and so on. Each answer
// is sorted by when it was asked: while an export was being made, or in a rest between. The p99
// of the first against the p99 of the second, same run, interleaved second by second, so the
// machine's drift touches both alike.
import { forkScript } from './child';
import type { LoadRequest, LoadResult } from './loadGenerator';

const SECONDS = 30;
const RATE = 1000;
const CONNECTIONS = 4;
/** The shortest rest between exports (ms): a CSV takes about 0.4 s. */
const MIN_REST_MS = 400;
export const EXPORT_GOALS = { oneExport: 1.5, threeExports: 2 } as const;

type Format = 'csv' | 'xlsx' | 'pdf';
export type ResponsivenessRun = {
  name: string;
  exports: number;
  during: { answers: number; p50: number; p99: number };
  resting: { answers: number; p50: number; p99: number };
  ratio: number;
};

const round = (n: number) => Math.round(n * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clockNow = () => performance.timeOrigin + performance.now();

function quantiles(values: number[]): { answers: number; p50: number; p99: number } {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { answers: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)) };
}

async function exportOnce(base: string, cookie: string, format: Format, range: string): Promise<void> {
  const res = await fetch(`${base}/api/reports/export.${format}?${range}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`export.${format}: ${res.status}`);
  await res.arrayBuffer();
}

export async function measureExportResponsiveness(
  base: string,
  meCookie: string,
  exportCookie: string,
  range: string,
): Promise<ResponsivenessRun[]> {
  const generator = await forkScript('loadGenerator.ts');
  const me: LoadRequest = {
    url: `${base}/api/auth/me`,
    cookie: meCookie,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rate: RATE,
    timeline: true,
  };
  try {
    // Warm-up: the JIT, the export worker started, untimed.
    for (const format of ['csv', 'xlsx', 'pdf'] as const) await exportOnce(base, exportCookie, format, range);
    await generator.ask<LoadResult>({ ...me, seconds: 5, timeline: false }, 'result');

    const measure = async (name: string, formats: Format[]): Promise<ResponsivenessRun> => {
      const busy: Array<[number, number]> = [];
      const load = generator.ask<LoadResult>(me, 'result');
      const end = clockNow() + (SECONDS - 1) * 1000;
      await sleep(500);
      while (clockNow() < end) {
        const start = clockNow();
        await Promise.all(formats.map((format) => exportOnce(base, exportCookie, format, range)));
        busy.push([start, clockNow()]);
        await sleep(Math.max(MIN_REST_MS, clockNow() - start));
      }
      const { timeline, non2xx, errors } = await load;
      if (non2xx || errors) throw new Error(`${name}: ${non2xx} non-2xx, ${errors} errors`);
      const during: number[] = [];
      const resting: number[] = [];
      const first = busy[0]![0];
      const last = busy.at(-1)![1];
      timeline!.sentAt.forEach((sentAt, i) => {
        if (sentAt < first || sentAt > last) return;
        (busy.some(([from, to]) => sentAt >= from && sentAt <= to) ? during : resting).push(timeline!.ms[i]!);
      });
      const d = quantiles(during);
      const r = quantiles(resting);
      return { name, exports: busy.length, during: d, resting: r, ratio: round(d.p99 / r.p99) };
    };
    return [
      await measure('a PDF', ['pdf']),
      await measure('an xlsx', ['xlsx']),
      await measure('a CSV', ['csv']),
      await measure('three at once (PDF, xlsx, CSV)', ['pdf', 'xlsx', 'csv']),
    ];
  } finally {
    generator.process.kill();
  }
}

export function printResponsiveness(runs: ResponsivenessRun[], reports: number): string[] {
  const lines = [
    `\nGET /api/auth/me at ${RATE} req/s (${CONNECTIONS} connections, autocannon in its own process, ${SECONDS} s a case) while ${reports}-report exports are made, each followed by a rest as long`,
    'Answers asked while an export was being made against those asked in the rests between, same run.',
    `${'export'.padEnd(32)}${'made'.padStart(6)}${'during: n'.padStart(11)}${'p50'.padStart(7)}${'p99 ms'.padStart(8)}${'resting: n'.padStart(12)}${'p50'.padStart(7)}${'p99 ms'.padStart(8)}${'p99 ×'.padStart(8)}`,
  ];
  for (const run of runs) {
    lines.push(
      `${run.name.padEnd(32)}${String(run.exports).padStart(6)}${String(run.during.answers).padStart(11)}${run.during.p50.toFixed(2).padStart(7)}${run.during.p99.toFixed(2).padStart(8)}` +
        `${String(run.resting.answers).padStart(12)}${run.resting.p50.toFixed(2).padStart(7)}${run.resting.p99.toFixed(2).padStart(8)}${run.ratio.toFixed(2).padStart(8)}`,
    );
  }
  const single = runs.slice(0, 3).every((run) => run.ratio <= EXPORT_GOALS.oneExport);
  const three = runs[3]!.ratio <= EXPORT_GOALS.threeExports;
  lines.push(
    single && three
      ? `Goal met: p99 at most ${EXPORT_GOALS.oneExport}× the rests' while each export is made, at most ${EXPORT_GOALS.threeExports}× with three at once.`
      : `Goal NOT met: p99 ≤ ${EXPORT_GOALS.oneExport}× during each export (${single ? 'met' : 'missed'}), ≤ ${EXPORT_GOALS.threeExports}× with three at once (${three ? 'met' : 'missed'}).`,
  );
  return lines;
}
