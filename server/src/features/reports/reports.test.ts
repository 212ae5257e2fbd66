import { FIELD_NAMES } from '#protocol/fieldNames';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS } from '#protocol/reports';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { ReportModel } from './model';
import { countEverywhere, deleteEverywhere } from '../../../test/everySchool';
import { writeMyReport } from '../../../test/reportWrites';
import { useSeededServer } from '../../../test/useTestServer';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started), {}, { clock });
beforeEach(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  await deleteEverywhere(ReportModel);
});

type MyReport = {
  id: string | null;
  date: string;
  content: string;
  completedTasks: string[];
  locked: boolean;
  resetWindow: boolean;
  reportDay: string;
  version: number;
};
type ReportBody = {
  id: string;
  date: string;
  authorName: string;
  content: string;
  completedTasks: string[];
  awayStudents: string[];
  locked: boolean;
  version: number;
};
type Conflict = { message: string; code: string; current: ReportBody };
/** A first save of the day's text (nothing saved before it: version 0). */
const save = (date: string, over: Record<string, unknown> = {}) => ({ date, content: 'Rolig kveld.', baseVersion: 0, ...over });
const tick = (date: string, done = true) => ({ date, done });

describe('GET /api/reports/my', () => {
  it('is the supervisor’s own, with the day the server accepts', async () => {
    await expectAccess(c, (x) => x.get('/api/reports/my'), refusedExcept({ supervisorA: 200 }));
    const res = await c.supervisorA.get<MyReport>('/api/reports/my');
    expect(res.body).toMatchObject({
      id: null,
      date: '2026-11-21',
      content: '',
      completedTasks: [],
      locked: false,
      resetWindow: false,
      reportDay: '2026-11-21',
    });
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
    expect(mine.body).toMatchObject({ content: 'Rolig kveld.', completedTasks: [], locked: false, version: 1 });
    expect(await countEverywhere(ReportModel)).toBe(1);
    // Saving again updates the one report of the day.
    expect((await writeMyReport(c.supervisorA, '2026-11-21', 'Oppdatert', ['1', '3'])).body).toMatchObject({
      content: 'Oppdatert',
      completedTasks: ['1', '3'],
      version: 2,
    });
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
    // A round, like the text, only on the open day and outside the window.
    expect((await c.supervisorA.put('/api/reports/my/tasks/2', tick('2026-11-21'))).status).toBe(200);
    clock.setOslo('2026-11-22', 8, 30);
    const window = await c.supervisorA.put('/api/reports/my', save('2026-11-21', { content: 'For sent' }));
    expect(window.status).toBe(409);
    expect(window.body).toEqual({ message: REPORT_TEXTS.resetWindow, code: 'reportResetWindow' });
    expect((await c.supervisorA.put('/api/reports/my/tasks/3', tick('2026-11-21'))).body).toEqual({
      message: REPORT_TEXTS.resetWindow,
      code: 'reportResetWindow',
    });
    expect((await c.supervisorA.get<MyReport>('/api/reports/my?date=2026-11-21')).body).toMatchObject({ resetWindow: true, locked: false });
    clock.setOslo('2026-11-22', 8, 59);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-21'))).status).toBe(409);
    clock.setOslo('2026-11-22', 9, 0);
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-21'))).status).toBe(409);
    expect((await c.supervisorA.put('/api/reports/my/tasks/3', tick('2026-11-21'))).body).toEqual({
      message: REPORT_TEXTS.locked,
      code: 'reportLocked',
    });
    expect((await c.supervisorA.put('/api/reports/my', save('2026-11-22'))).status).toBe(200);
    const stored = await ReportModel.of(fx.a.id).findOne({ date: '2026-11-21' }).lean();
    expect(stored!.content).toBe('Rolig kveld.');
    expect(stored!.taskTicks.map((t) => t.taskId)).toEqual(['2']);
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
      [save('2026-11-21', { baseVersion: -1 }), 'baseVersion'],
      [save('2026-11-21', { baseVersion: 1.5 }), 'baseVersion'],
      [save('2026-11-21', { baseVersion: '0' }), 'baseVersion'],
      [save('2026-11-21', { content: { $gt: '' } }), 'content'],
      [save('2026-11-21', { date: '2026-02-30' }), 'date'],
      [{ content: 'x', baseVersion: 0 }, 'date'],
    ];
    for (const [body, field] of cases) {
      const res = await c.supervisorA.put<{ message: string }>('/api/reports/my', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}`);
    }
    const ticks: Array<[string, Record<string, unknown>, string]> = [
      ['7', tick('2026-11-21'), 'taskId'],
      ['1', { date: '2026-11-21', done: 'true' }, 'done'],
      ['1', { date: '2026-11-21' }, 'done'],
      ['1', { done: true }, 'date'],
    ];
    for (const [taskId, body, field] of ticks) {
      const res = await c.supervisorA.put<{ message: string }>(`/api/reports/my/tasks/${taskId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}`);
    }
    await expectAccess(c, (x) => x.put('/api/reports/my/tasks/1', tick('2026-11-22')), refusedExcept({ supervisorA: 400 }));
    const long = await c.supervisorA.put<{ message: string }>(
      '/api/reports/my',
      save('2026-11-21', { content: 'x'.repeat(REPORT_CONTENT_MAX_LENGTH + 1) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(REPORT_TEXTS.tooLong);
    expect(await countEverywhere(ReportModel)).toBe(0);
  });
});

describe('the shared board', () => {
  it('shows every tick of the report day, who did it and when, in time order', async () => {
    const secondUser = await makeUser(fx.a.id, 'Tilsynsvakt');
    const second = await signedIn(server.baseUrl, secondUser);
    clock.setOslo('2026-11-21', 21, 14);
    await writeMyReport(c.supervisorA, '2026-11-21', 'Rolig kveld.', ['3']);
    clock.setOslo('2026-11-21', 21, 40);
    await writeMyReport(c.supervisorA, '2026-11-21', 'Mer tekst', ['3', '4']);
    let board = await second.get<{ date: string; rounds: Array<{ taskId: string; userName: string; at: string }> }>('/api/task-rounds');
    expect(board.body.date).toBe('2026-11-21');
    expect(board.body.rounds.map((r) => [r.taskId, r.userName, r.at])).toEqual([
      ['3', 'Kari A', new Date('2026-11-21T20:14:00Z').toISOString()],
      ['4', 'Kari A', new Date('2026-11-21T20:40:00Z').toISOString()],
    ]);
    clock.setOslo('2026-11-21', 22, 5);
    await writeMyReport(second, '2026-11-21', 'Rolig kveld.', ['3']);
    board = await c.supervisorA.get('/api/task-rounds');
    // Round 3 done twice, by two supervisors: both ticks are on the board.
    expect(board.body.rounds.map((r) => [r.taskId, r.userName, r.at])).toEqual([
      ['3', 'Kari A', new Date('2026-11-21T20:14:00Z').toISOString()],
      ['4', 'Kari A', new Date('2026-11-21T20:40:00Z').toISOString()],
      ['3', secondUser.name, new Date('2026-11-21T21:05:00Z').toISOString()],
    ]);
    // Each report still records only its own author's ticks.
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body.completedTasks).toEqual(['3', '4']);
    // Another school's board is its own.
    expect((await c.adminB.get<{ rounds: unknown[] }>('/api/task-rounds')).body.rounds).toEqual([]);
    await expectAccess(c, (x) => x.get('/api/task-rounds'), {
      anonymous: 401,
      pendingA: 403,
      supervisorA: 200,
      caretakerA: 200,
      adminA: 200,
      platform: 400,
    });
  });
});

describe('reports by id and the recent list', () => {
  async function reportOn(day: string, author = c.supervisorA): Promise<string> {
    clock.setOslo(day, 21, 0);
    const res = await writeMyReport(author, day, 'Rolig kveld.', ['1']);
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
    await expectAccess(c, (x) => x.get('/api/reports/recent7'), {
      anonymous: 401,
      deactivatedA: 403,
      supervisorA: 200,
      adminB: 200,
      platform: 400,
    });
    expect((await c.platform.get<ReportBody[]>(`/api/reports/recent7?schoolId=${fx.a.id}`)).body).toHaveLength(2);
  });

  it('a report is read within its school; admins edit (even locked) and delete it', async () => {
    const id = await reportOn('2026-11-19');
    clock.setOslo('2026-11-21', 21, 0);
    await expectAccess(c, (x) => x.get(`/api/reports/${id}`), {
      anonymous: 401,
      pendingA: 403,
      adminB: 404,
      caretakerA: 200,
      supervisorA: 200,
      platform: 400,
    });
    // The Plattformadministrator names the school; the report is found in its own school only.
    expect((await c.platform.get(`/api/reports/${id}?schoolId=${fx.b.id}`)).status).toBe(404);
    expect((await c.platform.get(`/api/reports/${id}?schoolId=${fx.a.id}`)).status).toBe(200);
    const read = await c.adminA.get<ReportBody>(`/api/reports/${id}`);
    expect(read.body).toMatchObject({ id, date: '2026-11-19', locked: true, authorName: 'Kari A' });

    await expectAccess(c, (x) => x.put(`/api/reports/${id}`, { content: 'Rettet', baseVersion: 1 }), {
      anonymous: 401,
      supervisorA: 403,
      caretakerA: 403,
      adminB: 404,
      platform: 400,
      adminA: 200,
    });
    // The same text again is no conflict, whatever version it was written from.
    expect((await c.platform.put(`/api/reports/${id}?schoolId=${fx.a.id}`, { content: 'Rettet', baseVersion: 1 })).status).toBe(200);
    expect((await c.platform.put(`/api/reports/${id}?schoolId=${fx.a.id}`, { content: 'Rettet igjen', baseVersion: 2 })).status).toBe(200);
    expect((await c.supervisorA.get<ReportBody>(`/api/reports/${id}`)).body).toMatchObject({ content: 'Rettet igjen', version: 3 });
    expect((await c.adminA.put(`/api/reports/${id}`, { content: 7, baseVersion: 3 })).status).toBe(400);
    // The spec's body names no version: applied (issue 41; a named one is checked, plugins/versions.test.ts).
    expect((await c.adminA.put(`/api/reports/${id}`, { content: 'x' })).status).toBe(200);

    await expectAccess(c, (x) => x.delete(`/api/reports/${id}`), { anonymous: 401, supervisorA: 403, adminB: 404, adminA: 200 });
    const gone = await c.adminA.get(`/api/reports/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: REPORT_TEXTS.notFound, code: 'notFound' });
    expect((await c.adminA.get('/api/reports/not-an-id')).status).toBe(400);
  });
});

describe('one report written from two places', () => {
  it('a save on an older version is refused with the text as it is now, and nothing typed is lost', async () => {
    const phone = c.supervisorA;
    const pc = await signedIn(server.baseUrl, fx.a.supervisor);
    expect((await phone.put<ReportBody>('/api/reports/my', save('2026-11-21', { content: 'Fra telefonen' }))).body.version).toBe(1);
    // The PC still holds the empty day it loaded.
    const refused = await pc.put<Conflict>('/api/reports/my', save('2026-11-21', { content: 'Fra PC-en' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: REPORT_TEXTS.conflict,
      code: 'editConflict',
      current: { content: 'Fra telefonen', version: 1 },
    });
    // Kept both, on the version it was shown.
    const both = await pc.put<ReportBody>('/api/reports/my', save('2026-11-21', { content: 'Fra telefonen\n\nFra PC-en', baseVersion: 1 }));
    expect(both.body).toMatchObject({ content: 'Fra telefonen\n\nFra PC-en', version: 2 });
    // The phone's next save, still on version 1, is refused in turn.
    const phoneAgain = await phone.put<Conflict>('/api/reports/my', save('2026-11-21', { content: 'Fra telefonen, mer', baseVersion: 1 }));
    expect(phoneAgain.body.current.content).toBe('Fra telefonen\n\nFra PC-en');
    // The very text the report holds, from any version, is no conflict and no new version.
    expect(
      (await phone.put<ReportBody>('/api/reports/my', save('2026-11-21', { content: 'Fra telefonen\n\nFra PC-en', baseVersion: 1 }))).body
        .version,
    ).toBe(2);
    expect((await ReportModel.of(fx.a.id).findOne({ date: '2026-11-21' }).lean())!.content).toBe('Fra telefonen\n\nFra PC-en');
  });

  it('30 saves at once on one version: exactly one is taken, each other is told what it is now', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        c.supervisorA.put<ReportBody & Conflict>('/api/reports/my', save('2026-11-21', { content: `Tekst ${n}` })),
      ),
    );
    const taken = answers.filter((a) => a.status === 200);
    expect(taken).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(29);
    const stored = (await ReportModel.of(fx.a.id).findOne({ date: '2026-11-21' }).lean())!;
    expect(stored).toMatchObject({ content: taken[0]!.body.content, version: 1 });
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.current.content).toBe(stored.content);
  });

  it('30 corrections at once by two admins on one version: exactly one is taken', async () => {
    const id = (await writeMyReport(c.supervisorA, '2026-11-21', 'Original')).body.id;
    const admins = [c.adminA, await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Admin'))];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        admins[n % 2]!.put<ReportBody>(`/api/reports/${id}`, { content: `Rettet ${n}`, baseVersion: 1 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as unknown as Conflict).code)).toEqual(
      Array(29).fill('editConflict'),
    );
    expect((await c.adminA.get<ReportBody>(`/api/reports/${id}`)).body).toMatchObject({
      content: answers.find((a) => a.status === 200)!.body.content,
      version: 2,
    });
  });

  it('rounds ticked at once from two devices all stay, beside the text, each with the time it was ticked', async () => {
    const pc = await signedIn(server.baseUrl, fx.a.supervisor);
    clock.setOslo('2026-11-21', 21, 14);
    const writes = [
      ...['1', '2', '3'].map((id) => c.supervisorA.put(`/api/reports/my/tasks/${id}`, tick('2026-11-21'))),
      ...['4', '5', '6'].map((id) => pc.put(`/api/reports/my/tasks/${id}`, tick('2026-11-21'))),
      pc.put('/api/reports/my', save('2026-11-21', { content: 'Runde gått' })),
    ];
    expect((await Promise.all(writes)).map((a) => a.status)).toEqual(Array(7).fill(200));
    expect((await c.supervisorA.get<MyReport>('/api/reports/my')).body).toMatchObject({
      content: 'Runde gått',
      completedTasks: ['1', '2', '3', '4', '5', '6'],
      version: 1,
    });
    // Ticked again later: a second tick beside the first; taken back: gone, the rest kept.
    clock.setOslo('2026-11-21', 22, 0);
    await pc.put('/api/reports/my/tasks/1', tick('2026-11-21'));
    await c.supervisorA.put('/api/reports/my/tasks/2', tick('2026-11-21', false));
    const rounds = await c.adminA.get<{ rounds: Array<{ taskId: string; at: string }> }>('/api/task-rounds');
    expect(rounds.body.rounds.map((r) => r.taskId).sort()).toEqual(['1', '1', '3', '4', '5', '6']);
    expect(rounds.body.rounds.filter((r) => r.taskId === '1').map((r) => r.at)).toEqual([
      new Date('2026-11-21T20:14:00Z').toISOString(),
      new Date('2026-11-21T21:00:00Z').toISOString(),
    ]);
  });
});

describe('the report’s away list', () => {
  it('is who is away on the report day, students and classes on trips, whatever the saving device had loaded', async () => {
    const className = `Linje ${Date.now()}`;
    const created = await c.adminA.post<{ id: string }>('/api/admin/classes', { className });
    expect(created.status).toBe(201);
    expect((await c.adminA.post('/api/away/add', { fromDate: '2026-11-20', toDate: '2026-11-23', studentName: 'Åse Vik' })).status).toBe(
      200,
    );
    const saved = await c.supervisorA.put<ReportBody>('/api/reports/my', save('2026-11-21', { content: 'Kveld' }));
    expect(saved.body.awayStudents).toEqual(['Åse Vik']);

    // A class leaves on a trip after the save: the open day's report lists it at once.
    expect(
      (await c.adminA.post('/api/away/classes', { fromDate: '2026-11-21', toDate: '2026-11-21', classIds: [created.body.id] })).status,
    ).toBe(200);
    expect((await c.supervisorA.get<MyReport & ReportBody>('/api/reports/my')).body.awayStudents).toEqual(['Åse Vik', className]);
    // A student back early leaves it as well.
    expect((await c.adminA.delete(`/api/away/student/${encodeURIComponent('Åse Vik')}`)).status).toBe(200);
    expect((await c.supervisorA.get<MyReport & ReportBody>('/api/reports/my')).body.awayStudents).toEqual([className]);
    // Another school's trips are not this school's.
    expect((await c.adminB.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-21', studentName: 'Bjørn B' })).status).toBe(
      200,
    );
    expect((await c.supervisorA.get<MyReport & ReportBody>('/api/reports/my')).body.awayStudents).toEqual([className]);

    // A day that is over keeps what it said.
    clock.setOslo('2026-11-22', 21, 0);
    expect((await c.adminA.delete(`/api/admin/classes/${created.body.id}`)).status).toBe(200);
    expect((await c.supervisorA.get<MyReport & ReportBody>('/api/reports/my?date=2026-11-21')).body.awayStudents).toEqual([className]);
  });
});
