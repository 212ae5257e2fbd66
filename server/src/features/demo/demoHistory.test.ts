import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#protocol/audit';
import type { MaintenanceTask } from '#protocol/maintenance';
import type { Report } from '#protocol/reports';
import type { Sick } from '#protocol/sick';
import type { Trip } from '#protocol/away';
import type { YearSummary } from '#protocol/reportRanges';
import { addDays, isoWeekOf, isoWeekRange, osloDay, osloTimeOfDay, reportDay } from '#protocol/time';
import { ApiClient } from '../../../test/httpClient';
import { TestClock } from '../../../test/testClock';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { ReportModel } from '../reports/model';
import { ReportVersionModel } from '../reports/versionModel';
import { MaintenanceTaskModel } from '../maintenance/model';
import { Trip as TripModel } from '../away/model';
import { SickRecord } from '../sick/model';
import { AuditModel } from '../audit/model';
import { School } from '../../core/accounts/schoolModel';
import { RENAMED_ROUND } from './demoTexts';
import { demoPlan, HISTORY_DAYS } from './demoPlan';
import { DEMO_SCHOOL_NAME, seedDemoData } from './seedDemoData';

// A Thursday morning after 09:00, Oslo: the app starts, as `npm start` does, on a fresh database.
const clock = new TestClock();
clock.setOslo('2026-11-26', 10, 30);
const now = clock.now();
const today = osloDay(now);

let server: TestServer;
let admin: ApiClient;
let seedMs = 0;
beforeAll(async () => {
  server = await startTestServer({}, { clock });
  const started = performance.now();
  expect(await seedDemoData(server.app)).toBe(true);
  seedMs = performance.now() - started;
  admin = new ApiClient(server.baseUrl);
  expect((await admin.login('admin@demo.no', 'demo1234')).status).toBe(200);
}, 120_000);
afterAll(async () => server?.close());

const get = async <T>(client: ApiClient, path: string): Promise<T> => {
  const res = await client.get<T>(path);
  expect(res.status, path).toBe(200);
  return res.body;
};

describe('the demo school on first start', () => {
  it('has weeks of reports for Ukesrapport, Årsrapport and Gårsdagens rapport, by several supervisors', async () => {
    console.log(`Demodata med historikk lagt inn på ${(seedMs / 1000).toFixed(1)} s`);
    const week = await get<Report[]>(admin, `/api/admin/reports/week?start=${addDays(today, -6)}&end=${today}`);
    expect(week.length).toBeGreaterThanOrEqual(7);
    const yesterday = addDays(reportDay(now), -1);
    expect((await get<Report[]>(admin, `/api/admin/reports/week?start=${yesterday}&end=${yesterday}`)).length).toBeGreaterThan(0);
    const { year, week: isoWeek } = isoWeekOf(today);
    const range = isoWeekRange(year, isoWeek);
    expect((await get<Report[]>(admin, `/api/admin/reports/year?from=${range.from}&to=${range.to}`)).length).toBeGreaterThan(0);
    const summary = await get<YearSummary>(admin, `/api/admin/reports/year-summary?year=${year}`);
    expect(summary.weeks.filter((w) => w.reports > 0).length).toBeGreaterThanOrEqual(5);
    expect(summary.weeks.some((w) => w.cases > 0 && w.sick > 0)).toBe(true);
    expect(summary.authors.map((a) => a.name)).toEqual(expect.arrayContaining(['Kari Tilsyn', 'Lars Haugen', 'Siri Holm', 'Tor Eriksen']));

    const all = await get<Report[]>(admin, `/api/admin/reports/week?start=${addDays(today, -HISTORY_DAYS - 1)}&end=${today}`);
    expect(new Set(all.map((r) => r.date)).size).toBe(HISTORY_DAYS);
    expect(all.every((r) => r.date < reportDay(now) && r.content.length > 40)).toBe(true);
    // Varied text: hardly two reports alike.
    expect(new Set(all.map((r) => r.content)).size).toBeGreaterThan(all.length * 0.9);
  });

  it('ticks rounds at night times, each with the label it had then; one round was renamed halfway', async () => {
    const reports = await get<Report[]>(admin, `/api/admin/reports/week?start=${addDays(today, -HISTORY_DAYS - 1)}&end=${today}`);
    const ticks = reports.flatMap((r) => r.ticks.map((tick) => ({ ...tick, date: r.date })));
    expect(ticks.length).toBeGreaterThan(HISTORY_DAYS * 5);
    for (const tick of ticks) {
      const { hour } = osloTimeOfDay(new Date(tick.at));
      expect(hour >= 21 || hour < 4, tick.at).toBe(true);
      expect(reportDay(new Date(tick.at))).toBe(tick.date);
      expect(tick.label).not.toBe('');
    }
    const renamed = ticks.filter((t) => t.taskId === RENAMED_ROUND.taskId).map((t) => t.label);
    expect(renamed).toContain(RENAMED_ROUND.label);
    expect(renamed).toContain('Tilsynsrunde gamlebygg');
  });

  it('has pending cases, completed ones with who and when, and one rejected with a reason', async () => {
    const pending = await get<MaintenanceTask[]>(admin, '/api/maintenance-tasks?status=pending');
    const completed = await get<MaintenanceTask[]>(admin, '/api/maintenance-tasks?status=completed');
    const rejected = await get<MaintenanceTask[]>(admin, '/api/maintenance-tasks?status=rejected');
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(completed.length).toBeGreaterThanOrEqual(5);
    for (const task of completed) {
      expect(task.completedByName).toBe('Per Vaktmester');
      expect(new Date(task.completedAt!).getTime()).toBeGreaterThan(new Date(task.createdAt).getTime());
    }
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ rejectedByName: 'Per Vaktmester', rejectReason: expect.stringContaining('kontoret') });
    // The caretaker's archive ('/arkiv') reads the same lists.
    const caretaker = new ApiClient(server.baseUrl);
    expect((await caretaker.login('vaktmester@demo.no', 'demo1234')).status).toBe(200);
    expect((await get<MaintenanceTask[]>(caretaker, '/api/maintenance-tasks?status=completed')).length).toBe(completed.length);
  });

  it('has a sick list today and trips that are over, under way and coming', async () => {
    const sick = await get<Sick>(admin, `/api/sick?date=${today}`);
    expect(sick.names.length).toBeGreaterThan(0);
    const trips = await get<Trip[]>(admin, '/api/away/all');
    expect(trips.some((t) => t.toDate < today)).toBe(true);
    expect(trips.some((t) => t.fromDate <= today && today <= t.toDate)).toBe(true);
    expect(trips.some((t) => t.fromDate > today)).toBe(true);
    expect(trips.some((t) => t.classIds.length > 0)).toBe(true);
    expect(trips.some((t) => t.studentNames.length > 1)).toBe(true);
  });

  it('shows in Endringslogg who approved, renamed, corrected and removed what, and when', async () => {
    const entries = await get<AuditEntry[]>(admin, '/api/admin/audit?limit=500');
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ['user.approved', 'taskButton.renamed', 'report.edited', 'trip.removed'] as const)
      expect(actions).toContain(action);
    expect(entries.every((e) => e.actorName === 'Anne Admin' && new Date(e.at) < now)).toBe(true);
    // Spread over the weeks, not all stamped at the start.
    expect(new Set(entries.map((e) => e.at.slice(0, 10))).size).toBeGreaterThanOrEqual(4);
  });

  it('is written once: starting again adds nothing, and the same day gives the same history', async () => {
    const school = await School.findOne({ name: DEMO_SCHOOL_NAME }).lean();
    const counts = async () =>
      Promise.all(
        [ReportModel, ReportVersionModel, MaintenanceTaskModel, TripModel, SickRecord].map((model) =>
          model.of(school!._id).countDocuments(),
        ),
      );
    const before = [...(await counts()), await AuditModel.countDocuments()];
    expect(await seedDemoData(server.app)).toBe(false);
    expect([...(await counts()), await AuditModel.countDocuments()]).toEqual(before);
    expect(demoPlan(now)).toEqual(demoPlan(now));
  });
});
