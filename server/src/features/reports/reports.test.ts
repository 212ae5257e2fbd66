import { FIELD_NAMES } from '#protocol/fieldNames';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS } from '#protocol/reports';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { startSeededServer } from '../../../test/seededServer';
import { ReportModel } from './model';
import { countEverywhere, deleteEverywhere } from '../../../test/everySchool';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

beforeAll(async () => ({ server, fx, c } = await startSeededServer({}, { clock })));
beforeEach(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  await deleteEverywhere(ReportModel);
});
afterAll(async () => server?.close());

type MyReport = { id: string | null; date: string; content: string; completedTasks: string[]; locked: boolean; resetWindow: boolean; reportDay: string };
type ReportBody = { id: string; date: string; authorName: string; content: string; completedTasks: string[]; locked: boolean };
const save = (date: string, over: Record<string, unknown> = {}) => ({ date, content: 'Rolig kveld.', completedTasks: ['1'], awayStudents: [], ...over });

describe('GET /api/reports/my', () => {
  it('is the supervisor’s own, with the day the server accepts', async () => {
    await expectAccess(c, (x) => x.get('/api/reports/my'), refusedExcept({ supervisorA: 200 }));
    const res = await c.supervisorA.get<MyReport>('/api/reports/my');
    expect(res.body).toMatchObject({ id: null, date: '2026-11-21', content: '', completedTasks: [], locked: false, resetWindow: false, reportDay: '2026-11-21' });
    const old = await c.supervisorA.get<MyReport>('/api/reports/my?date=2026-11-20');
    expect(old.body).toMatchObject({ date: '2026-11-20', locked: true, reportDay: '2026-11-21' });
    for (const bad of ['2026-13-01', '21.11.2026', 'i dag']) {
      expect((await c.supervisorA.get(`/api/reports/my?date=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });
});

describe('PUT /api/reports/my', () => {
  it('saves the current report day for a Tilsynsvakt, and only for one', async () => {
    await expectAccess(c, (x) => x.put('/api/reports/my', save('2026-11-21')), refusedExcept({ supervisorA: 200 }));
    const mine = await c.supervisorA.get<MyReport>('/api/reports/my');
    expect(mine.body).toMatchObject({ content: 'Rolig kveld.', completedTasks: ['1'], locked: false });
    expect(await countEverywhere(ReportModel)).toBe(1);
    // Saving again updates the one report of the day.
    await c.supervisorA.put('/api/reports/my', save('2026-11-21', { content: 'Oppdatert', completedTasks: ['1', '3'] }));
    expect(await countEverywhere(ReportModel)).toBe(1);
  });

  it('refuses another day, a locked day and the 08:30–09:00 window, storing nothing', async () => {
    const past = await c.supervisorA.put('/api/reports/my', save('2026-11-20'));
    expect(past.status).toBe(409);
    expect(past.body).toEqual({ message: REPORT_TEXTS.locked, code: 'reportLocked' });
    const future = await c.supervisorA.put('/api/reports/my', save('2026-11-22'));
    expect(future.status).toBe(400);
    expect(future.body).toEqual({ message: REPORT_TEXTS.wrongDay, code: 'reportWrongDay' });

    clock.setOslo('2026-11-22', 8, 29);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-21'))).status).toBe(200);
    clock.setOslo('2026-11-22', 8, 30);
    const window = await c.supervisorA.put('/api/reports/my', save('2026-11-21', { content: 'For sent' }));
    expect(window.status).toBe(409);
    expect(window.body).toEqual({ message: REPORT_TEXTS.resetWindow, code: 'reportResetWindow' });
    expect((await c.supervisorA.get<MyReport>('/api/reports/my?date=2026-11-21')).body).toMatchObject({ resetWindow: true, locked: false });
    clock.setOslo('2026-11-22', 8, 59);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-21'))).status).toBe(409);
    clock.setOslo('2026-11-22', 9, 0);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-21'))).status).toBe(409);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-22'))).status).toBe(200);
    const stored = await ReportModel.of(fx.a.id).findOne({ date: '2026-11-21' }).lean();
    expect(stored!.content).toBe('Rolig kveld.');
  });

  it('rolls over at 09:00 Oslo on both daylight-saving Sundays of 2026', async () => {
    clock.set(new Date('2026-03-29T06:59:00Z')); // 08:59 CEST
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body).toMatchObject({ reportDay: '2026-03-28', resetWindow: true });
    clock.set(new Date('2026-03-29T06:29:00Z')); // 08:29 CEST
    expect((await c.supervisorA.put('/api/reports/my', save('2026-03-28'))).status).toBe(200);
    clock.set(new Date('2026-03-29T07:00:00Z')); // 09:00 CEST
    expect((await c.supervisorA.put('/api/reports/my', save('2026-03-28'))).status).toBe(409);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-03-29'))).status).toBe(200);

    clock.set(new Date('2026-10-25T07:59:00Z')); // 08:59 CET
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body).toMatchObject({ reportDay: '2026-10-24', resetWindow: true });
    clock.set(new Date('2026-10-25T07:00:00Z')); // 08:00 CET
    expect((await c.supervisorA.put('/api/reports/my', save('2026-10-24'))).status).toBe(200);
    clock.set(new Date('2026-10-25T08:00:00Z')); // 09:00 CET
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body).toMatchObject({ reportDay: '2026-10-25', resetWindow: false });
    expect((await c.supervisorA.put('/api/reports/my', save('2026-10-25'))).status).toBe(200);
  });

  it('rejects bad input with a clear message and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [save('2026-11-21', { completedTasks: ['7'] }), 'completedTasks'],
      [save('2026-11-21', { completedTasks: ['1', '1'] }), 'completedTasks'],
      [save('2026-11-21', { completedTasks: '["1"]' }), 'completedTasks'],
      [save('2026-11-21', { content: { $gt: '' } }), 'content'],
      [save('2026-11-21', { awayStudents: [''] }), 'awayStudents'],
      [save('2026-11-21', { date: '2026-02-30' }), 'date'],
      [{ content: 'x' }, 'date'],
    ];
    for (const [body, field] of cases) {
      const res = await c.supervisorA.put<{ message: string }>('/api/reports/my', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}`);
    }
    const long = await c.supervisorA.put<{ message: string }>('/api/reports/my', save('2026-11-21', { content: 'x'.repeat(REPORT_CONTENT_MAX_LENGTH + 1) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(REPORT_TEXTS.tooLong);
    expect(await countEverywhere(ReportModel)).toBe(0);
  });
});

describe('the shared board', () => {
  it('shows per task who ticked it last in the report day, and when', async () => {
    const second = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Tilsynsvakt'));
    clock.setOslo('2026-11-21', 21, 14);
    await c.supervisorA.put('/api/reports/my', save('2026-11-21', { completedTasks: ['3'] }));
    clock.setOslo('2026-11-21', 21, 40);
    await c.supervisorA.put('/api/reports/my', save('2026-11-21', { completedTasks: ['3', '4'], content: 'Mer tekst' }));
    let board = await second.get<{ date: string; rounds: Array<{ taskId: string; userName: string; at: string }> }>('/api/task-rounds');
    expect(board.body.date).toBe('2026-11-21');
    expect(board.body.rounds.map((r) => [r.taskId, r.userName, r.at])).toEqual([
      ['3', 'Kari A', new Date('2026-11-21T20:14:00Z').toISOString()],
      ['4', 'Kari A', new Date('2026-11-21T20:40:00Z').toISOString()],
    ]);
    clock.setOslo('2026-11-21', 22, 5);
    await second.put('/api/reports/my', save('2026-11-21', { completedTasks: ['3'] }));
    board = await c.supervisorA.get('/api/task-rounds');
    expect(board.body.rounds.find((r) => r.taskId === '3')).toMatchObject({ at: new Date('2026-11-21T21:05:00Z').toISOString() });
    // Each report still records only its own author's ticks.
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body.completedTasks).toEqual(['3', '4']);
    // Another school's board is its own.
    expect((await c.adminB.get<{ rounds: unknown[] }>('/api/task-rounds')).body.rounds).toEqual([]);
    await expectAccess(c, (x) => x.get('/api/task-rounds'), { anonymous: 401, pendingA: 403, supervisorA: 200, caretakerA: 200, adminA: 200, platform: 400 });
  });
});

describe('reports by id and the recent list', () => {
  async function reportOn(day: string, author = c.supervisorA): Promise<string> {
    clock.setOslo(day, 21, 0);
    const res = await author.put<ReportBody>('/api/reports/my', save(day));
    expect(res.status).toBe(200);
    return res.body.id;
  }

  it('recent7 lists the school’s reports of the last seven report days, newest first', async () => {
    await reportOn('2026-11-13');
    const inside = await reportOn('2026-11-15');
    const newest = await reportOn('2026-11-21');
    const supervisorB = await signedIn(server.baseUrl, fx.b.supervisor);
    await reportOn('2026-11-21', supervisorB);
    const res = await c.caretakerA.get<ReportBody[]>('/api/reports/recent7');
    expect(res.body.map((r) => r.id)).toEqual([newest, inside]);
    expect(res.body[0]).toMatchObject({ id: newest, date: '2026-11-21', authorName: 'Kari A', completedTasks: ['1'] });
    expect(Object.keys(res.body[0]!).sort()).toEqual(['authorName', 'completedTasks', 'date', 'id', 'updatedAt']);
    await expectAccess(c, (x) => x.get('/api/reports/recent7'), { anonymous: 401, deactivatedA: 403, supervisorA: 200, adminB: 200, platform: 400 });
    expect((await c.platform.get<ReportBody[]>(`/api/reports/recent7?schoolId=${fx.a.id}`)).body).toHaveLength(2);
  });

  it('a report is read within its school; admins edit (even locked) and delete it', async () => {
    const id = await reportOn('2026-11-19');
    clock.setOslo('2026-11-21', 21, 0);
    await expectAccess(c, (x) => x.get(`/api/reports/${id}`), { anonymous: 401, pendingA: 403, adminB: 404, caretakerA: 200, supervisorA: 200, platform: 400 });
    // The Plattformadministrator names the school; the report is found in its own school only.
    expect((await c.platform.get(`/api/reports/${id}?schoolId=${fx.b.id}`)).status).toBe(404);
    expect((await c.platform.get(`/api/reports/${id}?schoolId=${fx.a.id}`)).status).toBe(200);
    const read = await c.adminA.get<ReportBody>(`/api/reports/${id}`);
    expect(read.body).toMatchObject({ id, date: '2026-11-19', locked: true, authorName: 'Kari A' });

    await expectAccess(c, (x) => x.put(`/api/reports/${id}`, { content: 'Rettet' }), {
      anonymous: 401,
      supervisorA: 403,
      caretakerA: 403,
      adminB: 404,
      platform: 400,
      adminA: 200,
    });
    expect((await c.platform.put(`/api/reports/${id}?schoolId=${fx.a.id}`, { content: 'Rettet' })).status).toBe(200);
    expect((await c.supervisorA.get<ReportBody>(`/api/reports/${id}`)).body.content).toBe('Rettet');
    expect((await c.adminA.put(`/api/reports/${id}`, { content: 7 })).status).toBe(400);

    await expectAccess(c, (x) => x.delete(`/api/reports/${id}`), { anonymous: 401, supervisorA: 403, adminB: 404, adminA: 200 });
    const gone = await c.adminA.get(`/api/reports/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: REPORT_TEXTS.notFound, code: 'notFound' });
    expect((await c.adminA.get('/api/reports/not-an-id')).status).toBe(400);
  });
});
