import { addDays, reportDay } from '#protocol/time';
import { hashPassword } from '../../server/src/core/accounts/passwords';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { Trip } from '../../server/src/features/away/model';
import { MaintenanceTaskModel } from '../../server/src/features/maintenance/model';
import { ReportModel } from '../../server/src/features/reports/model';
import { SickRecord } from '../../server/src/features/sick/model';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { XHR, measure, type Result } from './measure';
import { measureReadList, schoolReads, type Read } from './schoolReads';
import { cookieFor } from './seed';

/**
 * A school's own years (issue 29): its reads with one week of data against the same reads with five
 * years of its own history (3 reports a day, a sick list every other day, a case a day, a trip a
 * week), all while a supervisor saves the report every 100 ms as in real use; and a year's export
 * with one year of data against the same export with four more years beside it.
 */
const SUPERVISORS = 3;
const SAVE_EVERY_MS = 100;

export type HistorySchool = {
  schoolId: string;
  today: string;
  cookies: { supervisor: string; admin: string; caretaker: string };
  users: Array<{ _id: unknown; name: string }>;
};

export async function prepareHistorySchool(base: string): Promise<HistorySchool> {
  const passwordHash = await hashPassword('passord123');
  const school = await School.create({ name: 'Historie skole', nameKey: schoolNameKey('Historie skole'), active: true });
  const user = (name: string, email: string, role: string) =>
    UserModel.create({ name, email, role, status: 'approved', schoolId: school._id, passwordHash });
  const users = await Promise.all(Array.from({ length: SUPERVISORS }, (_, i) => user(`Vakt ${i}`, `vakt${i}@historie.no`, 'Tilsynsvakt')));
  await user('Admin', 'admin@historie.no', 'Admin');
  await user('Vaktmester', 'vaktmester@historie.no', 'Vaktmester');
  await prepareSchoolDatabase(school._id);
  const history: HistorySchool = {
    schoolId: school._id.toHexString(),
    today: reportDay(new Date()),
    users: users.map((u) => ({ _id: u._id, name: u.name })),
    cookies: {
      supervisor: await cookieFor(base, 'vakt0@historie.no'),
      admin: await cookieFor(base, 'admin@historie.no'),
      caretaker: await cookieFor(base, 'vaktmester@historie.no'),
    },
  };
  // The first week: days 1 to 7 before today (today's report is the one being saved).
  await seedHistory(history, 1, 7);
  return history;
}

/** The school's life from `fromAgo` to `toAgo` days before today, inclusive; returns the documents written. */
export async function seedHistory(history: HistorySchool, fromAgo: number, toAgo: number): Promise<number> {
  const schoolId = history.schoolId;
  const days = Array.from({ length: toAgo - fromAgo + 1 }, (_, i) => ({ ago: fromAgo + i, date: addDays(history.today, -(fromAgo + i)) }));
  const reports = days.flatMap(({ date }) =>
    history.users.map((author) => ({
      schoolId,
      authorUserId: author._id,
      authorName: author.name,
      date,
      content: 'Rolig kveld. Alle på rommene kl. 23. '.repeat(6),
    })),
  );
  const sick = days
    .filter(({ ago }) => ago % 2 === 0)
    .map(({ date }) => ({ schoolId, date, students: [{ name: 'Ola', comment: 'Feber' }] }));
  // A case a day; those of the last week are still waiting.
  const cases = days.map(({ ago }) => ({
    schoolId,
    roomNumber: String(100 + (ago % 200)),
    description: 'Lekker kran',
    status: ago <= 7 ? 'pending' : 'completed',
    createdByUserId: history.users[0]!._id,
    createdByName: history.users[0]!.name,
  }));
  const trips = days
    .filter(({ ago }) => ago % 7 === 0)
    .map(({ date }) => ({ schoolId, fromDate: date, toDate: addDays(date, 2), studentNames: ['Per', 'Pål'] }));
  for (let i = 0; i < reports.length; i += 1000) await ReportModel.of(schoolId).insertMany(reports.slice(i, i + 1000));
  if (sick.length) await SickRecord.of(schoolId).insertMany(sick);
  await MaintenanceTaskModel.of(schoolId).insertMany(cases);
  if (trips.length) await Trip.of(schoolId).insertMany(trips);
  return reports.length + sick.length + cases.length + trips.length;
}

/** What the school's screens read (schoolReads, but for /me, which reads no school data), and the week and yesterday's pages. */
function historyReads(history: HistorySchool): Read[] {
  const { today, cookies } = history;
  const yesterday = addDays(today, -1);
  return [
    ...schoolReads(cookies).filter((read) => read.path !== '/api/auth/me'),
    {
      name: 'week page: GET /api/admin/reports/week',
      path: `/api/admin/reports/week?start=${addDays(today, -6)}&end=${today}`,
      cookie: cookies.admin,
    },
    { name: "yesterday's page", path: `/api/admin/reports/week?start=${yesterday}&end=${yesterday}`, cookie: cookies.admin },
  ];
}

/** Saves the supervisor's report every 100 ms until stopped (each save empties the school's cached reads). */
function saveEvery100ms(base: string, history: HistorySchool): () => Promise<number> {
  let running = true;
  let saves = 0;
  const loop = (async () => {
    let version = (
      (await (await fetch(`${base}/api/reports/my`, { headers: { cookie: history.cookies.supervisor } })).json()) as { version: number }
    ).version;
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/reports/my`, {
        method: 'PUT',
        headers: { ...XHR, cookie: history.cookies.supervisor },
        body: JSON.stringify({ date: history.today, content: `Runde ${saves}`, baseVersion: version }),
      });
      const answer = (await res.json()) as { version?: number; current?: { version?: number } | null };
      version = answer.version ?? answer.current?.version ?? version;
      saves++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAVE_EVERY_MS - (performance.now() - started))));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return saves;
  };
}

/** Every read once untimed, then timed, while the supervisor saves. */
export function measureHistoryReads(
  base: string,
  history: HistorySchool,
  requests: number,
  concurrency: number,
  suffix = '',
): Promise<Result[]> {
  return whileSaving(base, history, () => measureReadList(base, historyReads(history), requests, concurrency, suffix));
}

/**
 * The yearly page's list of the last year, while the supervisor saves: a year of reports (about
 * 1,100), so it is compared with itself, with one year of data and with five, as the export is.
 */
export async function measureYearList(
  base: string,
  history: HistorySchool,
  requests: number,
  concurrency: number,
  suffix = '',
): Promise<Result> {
  const path = `/api/admin/reports/year?from=${addDays(history.today, -364)}&to=${history.today}`;
  const read = () => fetch(base + path, { headers: { cookie: history.cookies.admin } });
  return whileSaving(base, history, async () => {
    await measure('yearly page warm-up', requests, concurrency, read);
    return measure(`yearly page: a year of reports${suffix}`, requests, concurrency, read);
  });
}

async function whileSaving<T>(base: string, history: HistorySchool, run: () => Promise<T>): Promise<T> {
  const stop = saveEvery100ms(base, history);
  try {
    return await run();
  } finally {
    await stop();
  }
}

/** The median of three downloads of the last year's Excel export, in ms. */
export async function timeYearExport(base: string, history: HistorySchool): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/reports/export.xlsx?from=${addDays(history.today, -365)}&to=${addDays(history.today, -1)}`, {
      headers: { cookie: history.cookies.admin },
    });
    if (!res.ok) throw new Error(`export: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
}
