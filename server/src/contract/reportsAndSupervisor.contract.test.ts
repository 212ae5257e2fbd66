// Contract: SPEC.md §7 'Reports and supervisor', written from SPEC.md (§3, §4, §5, §6, §7, §8) and
// DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is what is
// wrong (or the spec, and then the spec is changed first).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { PASSWORD } from '../../test/fixtures';
import { TestClock } from '../../test/testClock';
import { reportWrites } from './seedReports';
import {
  decodedList,
  expectClientError,
  expectOk,
  expectRefused,
  forSchool,
  leaks,
  list,
  obj,
  signIn,
  startContractServer,
  type ContractServer,
  type Obj,
  type SpecResponse,
} from './specClient';

/** The report day the app's clock gives: 21:00 Oslo on DAY is report day DAY. */
const DAY = '2026-11-21';
const NEXT = '2026-11-22';
const clock = new TestClock();
let s: ContractServer;
/** Reports seeded for the reading calls (written as the harness writes them, not part of this contract). */
const seeded = { a: '', aDelete: '', aPlatformDelete: '', b: '' };
const TEXT_A = 'Rolig kveld på internatet SKOLE-A-7711';
const TEXT_B = 'Brannøvelse SKOLE-B-9922';

const DEFAULT_LABELS = [
  'Dobbelttellene elever',
  'Sjekk opp syke elever (mat?)',
  'Tilsynsrunde internat',
  'Tilsynsrunde hovedbygg',
  'Tilsynsrunde gamlebygg',
  'Tilsynstelefon på lading',
];

beforeAll(async () => {
  clock.setOslo(DAY, 21, 0);
  s = await startContractServer(clock);
  const write = reportWrites(s.server.baseUrl, DAY);
  seeded.a = await write(s.fx.a.supervisor, TEXT_A, ['1', '3']);
  seeded.aDelete = await write(await makeUser(s.fx.a.id, 'Tilsynsvakt'), 'Skal slettes av Admin', []);
  seeded.aPlatformDelete = await write(await makeUser(s.fx.a.id, 'Tilsynsvakt'), 'Skal slettes av plattformen', []);
  seeded.b = await write(s.fx.b.supervisor, TEXT_B, ['2']);
  // The supervisor's lists, through the spec's own calls (§7 'Sick and away').
  expectOk(await s.c.adminA.post('/api/sick/add', { date: DAY, name: 'Syk Sofie', comment: 'Feber SKOLE-A-SYK' }));
  expectOk(await s.c.adminA.post('/api/away/add', { fromDate: DAY, toDate: '2026-11-24', studentName: 'Borte Bjørn' }));
});
afterEach(() => clock.setOslo(DAY, 21, 0));
afterAll(async () => {
  await s?.server.close();
});

/** 'returns report': the report object (or one under `report`). */
function reportOf(res: SpecResponse): Obj {
  const body = obj(res);
  return body.report && typeof body.report === 'object' ? (body.report as Obj) : body;
}

function buttons(res: SpecResponse): Obj[] {
  return list(res, 'buttons');
}

const sixButtons = (labels: string[]) => ({ buttons: labels.map((label, i) => ({ id: String(i + 1), label })) });

describe('GET /api/tasks-config/{schoolId} returns buttons [{id, label}]', () => {
  it('every approved user of the school, and the Plattformadministrator, gets six buttons, ids 1..6', async () => {
    for (const client of [s.c.supervisorA, s.c.adminA, s.c.caretakerA, s.c.platform]) {
      const res = await client.get(`/api/tasks-config/${s.fx.a.id}`);
      expect(res.status).toBe(200);
      expect(buttons(res).map((b) => b.id)).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(buttons(res).every((b) => typeof b.label === 'string' && b.label.length > 0)).toBe(true);
    }
  });

  it('signed out or not yet approved: refused', async () => {
    expectRefused(await s.c.anonymous.get(`/api/tasks-config/${s.fx.a.id}`), 'anonymous');
    expectRefused(await s.c.pendingA.get(`/api/tasks-config/${s.fx.a.id}`), 'pending');
  });

  it("a user of the other school does not get school A's buttons", async () => {
    expectClientError(await s.c.supervisorB.get(`/api/tasks-config/${s.fx.a.id}`));
  });
});

describe('PUT /api/tasks-config/{schoolId}, body {buttons:[{id, label}]}', () => {
  it('Admin saves six labels; the supervisors see them', async () => {
    const labels = ['Telle elever', 'Syke', 'Runde internat', 'Runde hovedbygg', 'Runde gamlebygg', 'Telefon lader'];
    expectOk(await s.c.adminA.put(`/api/tasks-config/${s.fx.a.id}`, sixButtons(labels)));
    const res = await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`);
    expect(buttons(res).map((b) => [b.id, b.label])).toEqual(labels.map((label, i) => [String(i + 1), label]));
  });

  it("Plattformadministrator saves a school's labels", async () => {
    expectOk(await s.c.platform.put(`/api/tasks-config/${s.fx.a.id}`, sixButtons(DEFAULT_LABELS)));
    const res = await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`);
    expect(buttons(res).map((b) => b.label)).toEqual(DEFAULT_LABELS);
  });

  it("Tilsynsvakt is refused; the other school's Admin cannot change school A's labels", async () => {
    const before = (await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`)).json;
    const changed = sixButtons(DEFAULT_LABELS.map((label) => `${label} (endret)`));
    expectRefused(await s.c.supervisorA.put(`/api/tasks-config/${s.fx.a.id}`, changed), 'supervisor');
    expectClientError(await s.c.adminB.put(`/api/tasks-config/${s.fx.a.id}`, changed), 'admin B');
    expect((await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`)).json).toEqual(before);
  });

  it("an empty label is refused with 'Alle gjøremål må ha en beskrivelse', a label over 100 characters with a message; nothing stored", async () => {
    const before = (await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`)).json;
    const empty = await s.c.adminA.put(`/api/tasks-config/${s.fx.a.id}`, sixButtons([...DEFAULT_LABELS.slice(0, 5), '   ']));
    expect(expectClientError(empty)).toContain('Alle gjøremål må ha en beskrivelse');
    expectClientError(await s.c.adminA.put(`/api/tasks-config/${s.fx.a.id}`, sixButtons([...DEFAULT_LABELS.slice(0, 5), 'x'.repeat(101)])));
    expect((await s.c.supervisorA.get(`/api/tasks-config/${s.fx.a.id}`)).json).toEqual(before);
  });
});

describe("GET/PUT /api/reports/my: the supervisor's own report", () => {
  const body = (date: string, content: string, completedTasks: string[]) => ({
    date,
    content,
    completedTasks,
    awayStudents: ['Borte Bjørn'],
  });

  it('Tilsynsvakt saves {date, content, completedTasks, awayStudents} and reads back content, completedTasks, locked', async () => {
    const me = await signIn(s.server.baseUrl, (await makeUser(s.fx.a.id, 'Tilsynsvakt')).email, PASSWORD);
    expectOk(await me.put('/api/reports/my', body(DAY, 'Alt rolig', ['1', '4'])));
    const report = reportOf(await me.get(`/api/reports/my?date=${DAY}`));
    expect(report.content).toBe('Alt rolig');
    expect(decodedList(report.completedTasks)).toEqual(expect.arrayContaining(['1', '4']));
    expect(decodedList(report.completedTasks)).toHaveLength(2);
    expect(report.locked).toBe(false);
    // The completedTasks of the body set the ticks (a second save unticks '1').
    expectOk(await me.put('/api/reports/my', body(DAY, 'Alt rolig, runde 4 gjort', ['4'])));
    const again = reportOf(await me.get(`/api/reports/my?date=${DAY}`));
    expect([again.content, decodedList(again.completedTasks)]).toEqual(['Alt rolig, runde 4 gjort', ['4']]);
  });

  it('before 09:00 Oslo the report day is still the previous day, and it can be written', async () => {
    const me = await signIn(s.server.baseUrl, (await makeUser(s.fx.a.id, 'Tilsynsvakt')).email, PASSWORD);
    clock.setOslo(NEXT, 7, 0);
    expectOk(await me.put('/api/reports/my', body(DAY, 'Natt uten hendelser', ['6'])));
    expect(reportOf(await me.get(`/api/reports/my?date=${DAY}`)).content).toBe('Natt uten hendelser');
  });

  it('08:30-09:00 Oslo the report is read-only: the write is refused with a message, nothing stored', async () => {
    const me = await signIn(s.server.baseUrl, (await makeUser(s.fx.a.id, 'Tilsynsvakt')).email, PASSWORD);
    // The same write is accepted just before the window (so the refusal below is the window's).
    clock.setOslo(NEXT, 8, 29);
    expectOk(await me.put('/api/reports/my', body(DAY, 'Skrevet før tilbakestillingen', ['2'])));
    clock.setOslo(NEXT, 8, 45);
    expectClientError(await me.put('/api/reports/my', body(DAY, 'Skrevet i tilbakestillingen', ['2'])));
    expect(reportOf(await me.get(`/api/reports/my?date=${DAY}`)).content).toBe('Skrevet før tilbakestillingen');
  });

  it("a past report day is locked: read back locked, the supervisor's write refused with a message", async () => {
    clock.setOslo(NEXT, 10, 0);
    const past = reportOf(await s.c.supervisorA.get(`/api/reports/my?date=${DAY}`));
    expect(past).toMatchObject({ content: TEXT_A, locked: true });
    expectClientError(await s.c.supervisorA.put('/api/reports/my', body(DAY, 'For sent', ['5'])));
    expect(reportOf(await s.c.supervisorA.get(`/api/reports/my?date=${DAY}`)).content).toBe(TEXT_A);
    // The new report day, at the same time, is open to the same body (so the refusal is the lock's).
    expectOk(await s.c.supervisorA.put('/api/reports/my', body(NEXT, 'Ny dag', ['5'])));
    expect(reportOf(await s.c.supervisorA.get(`/api/reports/my?date=${NEXT}`))).toMatchObject({ content: 'Ny dag', locked: false });
  });

  it('only Tilsynsvakt has an own report: Vaktmester and Admin are refused writing it, Vaktmester and nobody reading it', async () => {
    expectRefused(await s.c.caretakerA.get(`/api/reports/my?date=${DAY}`), 'caretaker GET');
    expectRefused(await s.c.anonymous.get(`/api/reports/my?date=${DAY}`), 'anonymous GET');
    expectRefused(await s.c.caretakerA.put('/api/reports/my', body(DAY, 'Vaktmesterens', [])), 'caretaker');
    expectRefused(await s.c.adminA.put('/api/reports/my', body(DAY, 'Adminens', [])), 'admin');
  });

  it("a supervisor of the other school reads their own report, none of school A's", async () => {
    const res = await s.c.supervisorB.get(`/api/reports/my?date=${DAY}`);
    expect(res.status).toBe(200);
    expect(reportOf(res).content).toBe(TEXT_B);
    expect(leaks(res, TEXT_A)).toEqual([]);
  });
});

describe("GET /api/sick?date and GET /api/away?activeOn (the supervisor's lists)", () => {
  it('Tilsynsvakt and Admin get names, comment, studentComments; the Vaktmester names without comments', async () => {
    for (const client of [s.c.supervisorA, s.c.adminA]) {
      const sick = obj(await client.get(`/api/sick?date=${DAY}`));
      expect(sick.names).toEqual(['Syk Sofie']);
      expect(typeof sick.comment).toBe('string');
      expect(sick.studentComments).toEqual({ 'Syk Sofie': 'Feber SKOLE-A-SYK' });
    }
    const caretaker = await s.c.caretakerA.get(`/api/sick?date=${DAY}`);
    expect(obj(caretaker).names).toEqual(['Syk Sofie']);
    expect(leaks(caretaker, 'SKOLE-A-SYK')).toEqual([]);
  });

  it('the away list: names, returnDates (toDate), individualStudentNames', async () => {
    const away = obj(await s.c.supervisorA.get(`/api/away?activeOn=${DAY}`));
    expect(away.names).toEqual(['Borte Bjørn']);
    expect(away.individualStudentNames).toEqual(['Borte Bjørn']);
    expect(away.returnDates).toEqual({ 'Borte Bjørn': '2026-11-24' });
  });

  it('signed out or not approved: refused; the other school sees none of it', async () => {
    for (const path of [`/api/sick?date=${DAY}`, `/api/away?activeOn=${DAY}`]) {
      expectRefused(await s.c.anonymous.get(path), `anonymous ${path}`);
      expectRefused(await s.c.pendingA.get(path), `pending ${path}`);
      const other = await s.c.supervisorB.get(path);
      expect(other.status, path).toBe(200);
      expect(leaks(other, 'Syk Sofie', 'Borte Bjørn', 'SKOLE-A-SYK')).toEqual([]);
    }
  });
});

describe('POST /api/maintenance-tasks/submit, body {roomNumber, description}', () => {
  it("Tilsynsvakt sends a case; school A's Vaktmester has it pending, school B's does not", async () => {
    expectOk(await s.c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '214', description: 'Lekker kran SAK-A' }));
    const pending = list(await s.c.caretakerA.get('/api/maintenance-tasks?status=pending'), 'tasks');
    expect(pending).toEqual(
      expect.arrayContaining([expect.objectContaining({ roomNumber: '214', description: 'Lekker kran SAK-A', status: 'pending' })]),
    );
    expect(leaks(await s.c.caretakerB.get('/api/maintenance-tasks?status=pending'), 'SAK-A')).toEqual([]);
  });

  it('Vaktmester (not a supervisor) is refused', async () => {
    expectRefused(await s.c.caretakerA.post('/api/maintenance-tasks/submit', { roomNumber: '215', description: 'Fra vaktmesteren' }));
  });

  it('a blank room number or description is refused with a message, nothing sent to the caretaker', async () => {
    expectClientError(await s.c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '  ', description: 'Uten rom BLANK-1' }));
    expectClientError(await s.c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '301', description: '   ' }));
    const pending = list(await s.c.caretakerA.get('/api/maintenance-tasks?status=pending'), 'tasks');
    expect(pending.filter((t) => t.roomNumber === '301' || String(t.description).includes('BLANK-1'))).toEqual([]);
  });
});

describe('GET /api/reports/recent7 returns reports [id, date, authorName, completedTasks]', () => {
  it("every approved role of the school (and the platform, on the school) sees the school's reports", async () => {
    for (const [who, res] of [
      ['supervisor', await s.c.supervisorA.get('/api/reports/recent7')],
      ['caretaker', await s.c.caretakerA.get('/api/reports/recent7')],
      ['admin', await s.c.adminA.get('/api/reports/recent7')],
      ['platform', await s.c.platform.get(forSchool('/api/reports/recent7', s.fx.a.id))],
    ] as const) {
      expect(res.status, who).toBe(200);
      const mine = list(res, 'reports').find((r) => r.id === seeded.a);
      expect(mine, who).toMatchObject({ id: seeded.a, date: DAY, authorName: 'Kari A' });
      expect(decodedList(mine!.completedTasks), who).toEqual(['1', '3']);
    }
  });

  it("not approved: refused; the other school sees none of school A's reports", async () => {
    expectRefused(await s.c.pendingA.get('/api/reports/recent7'));
    const other = await s.c.supervisorB.get('/api/reports/recent7');
    expect(list(other, 'reports').map((r) => r.id)).toEqual([seeded.b]);
    expect(leaks(other, seeded.a, 'Kari A')).toEqual([]);
  });
});

describe('GET /api/reports/{id} returns report', () => {
  it("the school's users read it: §3 fields id, date, authorName, authorUserId, content, completedTasks, awayStudents, locked", async () => {
    for (const client of [s.c.supervisorA, s.c.caretakerA, s.c.adminA]) {
      const report = reportOf(await client.get(`/api/reports/${seeded.a}`));
      expect(report).toMatchObject({
        id: seeded.a,
        date: DAY,
        authorName: 'Kari A',
        authorUserId: s.fx.a.supervisor.id,
        content: TEXT_A,
        locked: false,
      });
      expect(decodedList(report.completedTasks)).toEqual(['1', '3']);
      expect(Array.isArray(decodedList(report.awayStudents))).toBe(true);
    }
    expect(reportOf(await s.c.platform.get(forSchool(`/api/reports/${seeded.a}`, s.fx.a.id))).content).toBe(TEXT_A);
  });

  it('not approved: refused; the other school gets a 4xx and none of the report', async () => {
    expectRefused(await s.c.pendingA.get(`/api/reports/${seeded.a}`));
    const other = await s.c.adminB.get(`/api/reports/${seeded.a}`);
    expectClientError(other);
    expect(leaks(other, TEXT_A)).toEqual([]);
  });
});

describe('PUT /api/reports/{id}, body {content}', () => {
  it('Admin corrects the content, even of a locked report (DECISIONS)', async () => {
    clock.setOslo(NEXT, 10, 0);
    expectOk(await s.c.adminA.put(`/api/reports/${seeded.a}`, { content: `${TEXT_A} (rettet av Admin)` }));
    expect(reportOf(await s.c.supervisorA.get(`/api/reports/${seeded.a}`)).content).toBe(`${TEXT_A} (rettet av Admin)`);
  });

  it('Plattformadministrator corrects the content', async () => {
    expectOk(await s.c.platform.put(forSchool(`/api/reports/${seeded.a}`, s.fx.a.id), { content: TEXT_A }));
    expect(reportOf(await s.c.adminA.get(`/api/reports/${seeded.a}`)).content).toBe(TEXT_A);
  });

  it("Tilsynsvakt is refused; the other school's Admin gets a 4xx; the content stays", async () => {
    const before = reportOf(await s.c.adminA.get(`/api/reports/${seeded.a}`)).content;
    expectRefused(await s.c.supervisorA.put(`/api/reports/${seeded.a}`, { content: 'Tilsynsvaktens retting' }), 'supervisor');
    expectClientError(await s.c.adminB.put(`/api/reports/${seeded.a}`, { content: 'Skole Bs retting' }), 'admin B');
    expect(reportOf(await s.c.adminA.get(`/api/reports/${seeded.a}`)).content).toBe(before);
  });
});

describe('GET /api/admin/reports/week?start&end and /year?from&to return reports', () => {
  const paths = [`/api/admin/reports/week?start=2026-11-15&end=${DAY}`, '/api/admin/reports/year?from=2026-01-01&to=2026-12-31'];

  it("Admin and Plattformadministrator get the school's reports of the range", async () => {
    for (const path of paths) {
      for (const res of [await s.c.adminA.get(path), await s.c.platform.get(forSchool(path, s.fx.a.id))]) {
        expect(res.status, path).toBe(200);
        expect(
          list(res, 'reports').find((r) => r.id === seeded.a),
          path,
        ).toMatchObject({ date: DAY, authorName: 'Kari A' });
      }
    }
  });

  it("Tilsynsvakt is refused; the other school's Admin sees none of school A's", async () => {
    for (const path of paths) {
      expectRefused(await s.c.supervisorA.get(path), path);
      const other = await s.c.adminB.get(path);
      expect(other.status, path).toBe(200);
      expect(leaks(other, seeded.a, TEXT_A, 'Kari A'), path).toEqual([]);
    }
  });
});

describe('GET /api/reports/export.xlsx|pdf|csv?from&to (opened in a new tab)', () => {
  const range = `?from=2026-11-15&to=${DAY}`;
  const kinds = [
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'PK'],
    ['pdf', 'application/pdf', '%PDF'],
    ['csv', 'text/csv', ''],
  ] as const;

  it.each(kinds)('Admin gets a non-empty %s file of its kind', async (ext, type, magic) => {
    const res = await s.c.adminA.open(`/api/reports/export.${ext}${range}`);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    expect(res.bytes.length).toBeGreaterThan(0);
    if (magic) expect(Buffer.from(res.bytes.subarray(0, magic.length)).toString('latin1')).toBe(magic);
    else expect(res.text).toContain(TEXT_A);
  });

  it("Plattformadministrator exports the school's CSV", async () => {
    const res = await s.c.platform.open(forSchool(`/api/reports/export.csv${range}`, s.fx.a.id));
    expect(res.status).toBe(200);
    expect(res.text).toContain(TEXT_A);
  });

  it("Tilsynsvakt is refused; the other school's export holds none of school A's reports", async () => {
    for (const [ext] of kinds) expectRefused(await s.c.supervisorA.open(`/api/reports/export.${ext}${range}`), ext);
    const other = await s.c.adminB.open(`/api/reports/export.csv${range}`);
    expect(other.status).toBe(200);
    expect(leaks(other, TEXT_A, 'Kari A')).toEqual([]);
  });
});

describe('DELETE /api/reports/{id}', () => {
  it("Tilsynsvakt is refused; the other school's Admin gets a 4xx; the report stays", async () => {
    expectRefused(await s.c.supervisorA.delete(`/api/reports/${seeded.aDelete}`), 'supervisor');
    expectClientError(await s.c.adminB.delete(`/api/reports/${seeded.aDelete}`), 'admin B');
    expect((await s.c.adminA.get(`/api/reports/${seeded.aDelete}`)).status).toBe(200);
  });

  it('Admin deletes it: gone from the report and from recent7', async () => {
    expectOk(await s.c.adminA.delete(`/api/reports/${seeded.aDelete}`));
    // 'A missing report shows Rapport ikke funnet': a 404, or no report.
    const gone = await s.c.adminA.get(`/api/reports/${seeded.aDelete}`);
    expect(gone.status === 404 || (gone.status === 200 && gone.json == null), gone.text).toBe(true);
    expect(list(await s.c.adminA.get('/api/reports/recent7'), 'reports').map((r) => r.id)).not.toContain(seeded.aDelete);
  });

  it('Plattformadministrator deletes one', async () => {
    expectOk(await s.c.platform.delete(forSchool(`/api/reports/${seeded.aPlatformDelete}`, s.fx.a.id)));
    expect(list(await s.c.adminA.get('/api/reports/recent7'), 'reports').map((r) => r.id)).not.toContain(seeded.aPlatformDelete);
  });
});
