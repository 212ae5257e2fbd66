import { reportDay } from '#protocol/time';
import { measure, ratio, type Result } from './measure';

export type ReadCookies = { supervisor: string; admin: string; caretaker: string };
export type Read = { name: string; path: string; cookie: string };

/** What a school's screens read: who is signed in (every page), the board, recent seven, sick, away, pending cases, users. */
export function schoolReads(cookies: ReadCookies): Read[] {
  const today = reportDay(new Date());
  return [
    { name: 'GET /api/auth/me', path: '/api/auth/me', cookie: cookies.supervisor },
    { name: 'board: GET /api/reports/my', path: '/api/reports/my', cookie: cookies.supervisor },
    { name: 'board: GET /api/task-rounds', path: '/api/task-rounds', cookie: cookies.supervisor },
    { name: 'GET /api/reports/recent7', path: '/api/reports/recent7', cookie: cookies.admin },
    { name: 'GET /api/sick', path: `/api/sick?date=${today}`, cookie: cookies.supervisor },
    { name: 'GET /api/away', path: `/api/away?activeOn=${today}`, cookie: cookies.supervisor },
    { name: 'GET /api/maintenance-tasks?status=pending', path: '/api/maintenance-tasks?status=pending', cookie: cookies.caretaker },
    { name: 'GET /api/admin/users', path: '/api/admin/users', cookie: cookies.admin },
  ];
}

export function measureReads(base: string, cookies: ReadCookies, requests: number, concurrency: number, suffix = ''): Promise<Result[]> {
  return measureReadList(base, schoolReads(cookies), requests, concurrency, suffix);
}

export async function measureReadList(base: string, reads: Read[], requests: number, concurrency: number, suffix = ''): Promise<Result[]> {
  const results: Result[] = [];
  // One untimed round first, as long as the timed one: the app's code is compiled by then, the
  // engine's caches are warm and a bulk write's aftermath is settled.
  for (const read of reads)
    await measure(read.name, requests, concurrency, () => fetch(base + read.path, { headers: { cookie: read.cookie } }));
  for (const read of reads) {
    results.push(
      await measure(`${read.name}${suffix}`, requests, concurrency, () => fetch(base + read.path, { headers: { cookie: read.cookie } })),
    );
  }
  return results;
}

/** Per read: how much slower in the second run than in the first (p50, p99 and throughput), by the first run's names. */
export function scaleRatios(
  alone: Result[],
  crowded: Result[],
): Record<string, { p50: number; p99: number; throughput: number; failures: number }> {
  return Object.fromEntries(
    alone.map((a, i) => {
      const c = crowded[i]!;
      return [
        a.name,
        { p50: ratio(c.p50, a.p50), p99: ratio(c.p99, a.p99), throughput: ratio(a.perSecond, c.perSecond), failures: c.failures },
      ];
    }),
  );
}
