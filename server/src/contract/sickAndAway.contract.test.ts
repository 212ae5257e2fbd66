// Contract: SPEC.md §7 'Sick and away', written from SPEC.md (§3, §4, §5, §6, §7, §8) and
// DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is what is
// wrong (or the spec, and then the spec is changed first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/testClock';
import {
  expectClientError,
  expectOk,
  expectRefused,
  forSchool,
  leaks,
  list,
  obj,
  startContractServer,
  type ContractServer,
  type Obj,
  type SpecClient,
} from './specClient';

/** Today (Oslo) on the app's clock; trips below all run from today on, so none is archived. */
const TODAY = '2026-11-21';
const clock = new TestClock();
let s: ContractServer;

beforeAll(async () => {
  clock.setOslo(TODAY, 12, 0);
  s = await startContractServer(clock);
});
afterAll(async () => {
  await s?.server.close();
});

async function sick(client: SpecClient, date: string, schoolId?: string): Promise<Obj> {
  const path = `/api/sick?date=${date}`;
  const res = await client.get(schoolId ? forSchool(path, schoolId) : path);
  expect(res.status, res.text).toBe(200);
  return obj(res);
}

async function away(client: SpecClient, date: string): Promise<Obj> {
  const res = await client.get(`/api/away?activeOn=${date}`);
  expect(res.status, res.text).toBe(200);
  return obj(res);
}

async function classTrips(client: SpecClient, date: string): Promise<unknown[]> {
  const res = await client.get(`/api/away/classes?activeOn=${date}`);
  expect(res.status, res.text).toBe(200);
  return list(res, 'classIds');
}

async function trips(client: SpecClient = s.c.adminA): Promise<Obj[]> {
  const res = await client.get('/api/away/all');
  expect(res.status, res.text).toBe(200);
  return list(res, 'entries');
}

/** §3 Trip: studentNamesJSON and classIdsJSON are JSON-encoded lists, decoded by the client. */
function decodedTrip(trip: Obj) {
  expect(typeof trip.studentNamesJSON, `studentNamesJSON in ${JSON.stringify(trip)}`).toBe('string');
  expect(typeof trip.classIdsJSON, `classIdsJSON in ${JSON.stringify(trip)}`).toBe('string');
  return {
    id: trip.id,
    fromDate: trip.fromDate,
    toDate: trip.toDate,
    studentNames: JSON.parse(trip.studentNamesJSON as string) as unknown,
    classIds: JSON.parse(trip.classIdsJSON as string) as unknown,
  };
}

async function newClass(className: string): Promise<string> {
  expectOk(await s.c.adminA.post('/api/admin/classes', { className }));
  const res = await s.c.adminA.get('/api/admin/classes');
  const found = list(res, 'classes').find((c) => c.className === className);
  expect(found, res.text).toBeDefined();
  return String(found!.id);
}

/** A trip of school A found by its (unique to the test) dates. */
async function tripFrom(fromDate: string): Promise<Obj> {
  const trip = (await trips()).find((t) => t.fromDate === fromDate);
  expect(trip, `a trip from ${fromDate}`).toBeDefined();
  return trip!;
}

describe('POST /api/sick/add, body {date, name, comment}', () => {
  it('Admin adds a sick student: names, studentComments (name and comment trimmed)', async () => {
    expectOk(await s.c.adminA.post('/api/sick/add', { date: TODAY, name: '  Ola Syk  ', comment: '  Hoste  ' }));
    expectOk(await s.c.adminA.post('/api/sick/add', { date: TODAY, name: 'Uten Kommentar', comment: '' }));
    const list = await sick(s.c.adminA, TODAY);
    expect(list.names).toEqual(['Ola Syk', 'Uten Kommentar']);
    expect((list.studentComments as Obj)['Ola Syk']).toBe('Hoste');
  });

  it('Plattformadministrator adds one on the school', async () => {
    expectOk(
      await s.c.platform.post(forSchool('/api/sick/add', s.fx.a.id), {
        date: '2026-11-22',
        name: 'Plattform Syk',
        comment: 'Vondt i halsen',
      }),
    );
    expect((await sick(s.c.adminA, '2026-11-22')).names).toEqual(['Plattform Syk']);
  });

  it('Tilsynsvakt is refused (the sick list is an admin screen); a blank name is refused with a message; nothing stored', async () => {
    expectRefused(await s.c.supervisorA.post('/api/sick/add', { date: '2026-11-23', name: 'Fra tilsynet', comment: '' }), 'supervisor');
    expectClientError(await s.c.adminA.post('/api/sick/add', { date: '2026-11-23', name: '   ', comment: 'Blank' }), 'blank');
    expect((await sick(s.c.adminA, '2026-11-23')).names).toEqual([]);
  });

  it('the other school sees none of it, and its own adds stay its own', async () => {
    expectOk(await s.c.adminB.post('/api/sick/add', { date: TODAY, name: 'Skole B Syk', comment: 'B' }));
    const other = await s.c.adminB.get(`/api/sick?date=${TODAY}`);
    expect(leaks(other, 'Ola Syk', 'Hoste')).toEqual([]);
    expect((await sick(s.c.adminA, TODAY)).names).not.toContain('Skole B Syk');
  });
});

describe('PUT /api/sick, body {date, students:[{name, comment}]}', () => {
  const day = '2026-11-24';

  it("Admin replaces the day's list (removing a student)", async () => {
    for (const name of ['Anna', 'Bernt']) expectOk(await s.c.adminA.post('/api/sick/add', { date: day, name, comment: `${name} er syk` }));
    expectOk(await s.c.adminA.put('/api/sick', { date: day, students: [{ name: 'Anna', comment: 'Anna er syk' }] }));
    const list = await sick(s.c.adminA, day);
    expect(list.names).toEqual(['Anna']);
    expect(list.studentComments).toEqual({ Anna: 'Anna er syk' });
  });

  it("Plattformadministrator replaces a school's list", async () => {
    expectOk(await s.c.platform.put(forSchool('/api/sick', s.fx.a.id), { date: day, students: [{ name: 'Anna', comment: 'Bedre' }] }));
    expect((await sick(s.c.adminA, day)).studentComments).toEqual({ Anna: 'Bedre' });
  });

  it("Tilsynsvakt is refused; the other school's PUT leaves school A's list alone", async () => {
    expectRefused(await s.c.supervisorA.put('/api/sick', { date: day, students: [] }));
    expectOk(await s.c.adminB.put('/api/sick', { date: day, students: [] }));
    expect((await sick(s.c.adminA, day)).names).toEqual(['Anna']);
  });
});

describe('POST /api/away/add, body {fromDate, toDate, studentName}; DELETE /api/away/student/{name}', () => {
  it('Admin adds an away student: active from fromDate to toDate inclusive, returnDates by name', async () => {
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-11-25', toDate: '2026-11-27', studentName: 'Åse Ørn Lie' }));
    for (const date of ['2026-11-25', '2026-11-27']) {
      const list = await away(s.c.supervisorA, date);
      expect(list.names, date).toContain('Åse Ørn Lie');
      expect(list.individualStudentNames, date).toContain('Åse Ørn Lie');
      expect((list.returnDates as Obj)['Åse Ørn Lie'], date).toBe('2026-11-27');
    }
    expect((await away(s.c.supervisorA, '2026-11-28')).names).not.toContain('Åse Ørn Lie');
  });

  it('Plattformadministrator adds one on the school', async () => {
    expectOk(
      await s.c.platform.post(forSchool('/api/away/add', s.fx.a.id), { fromDate: TODAY, toDate: TODAY, studentName: 'Plattform Borte' }),
    );
    expect((await away(s.c.adminA, TODAY)).names).toContain('Plattform Borte');
  });

  it('Tilsynsvakt is refused; a blank name is refused with a message; nothing stored', async () => {
    expectRefused(
      await s.c.supervisorA.post('/api/away/add', { fromDate: '2026-11-29', toDate: '2026-11-29', studentName: 'Fra tilsynet' }),
      'supervisor',
    );
    expectClientError(await s.c.adminA.post('/api/away/add', { fromDate: '2026-11-29', toDate: '2026-11-29', studentName: '  ' }), 'blank');
    expect((await away(s.c.adminA, '2026-11-29')).names).toEqual([]);
  });

  it("the other school sees none of school A's away students", async () => {
    const other = await s.c.supervisorB.get('/api/away?activeOn=2026-11-25');
    expect(other.status).toBe(200);
    expect(leaks(other, 'Åse Ørn Lie')).toEqual([]);
  });

  it('DELETE: Tilsynsvakt refused, the other school leaves it, Admin removes the name (URL-encoded)', async () => {
    const path = `/api/away/student/${encodeURIComponent('Åse Ørn Lie')}`;
    expectRefused(await s.c.supervisorA.delete(path), 'supervisor');
    await s.c.adminB.delete(path);
    expect((await away(s.c.adminA, '2026-11-25')).names).toContain('Åse Ørn Lie');
    expectOk(await s.c.adminA.delete(path));
    expect((await away(s.c.adminA, '2026-11-25')).names).not.toContain('Åse Ørn Lie');
  });

  it('DELETE: Plattformadministrator removes a name on the school', async () => {
    expectOk(await s.c.platform.delete(forSchool(`/api/away/student/${encodeURIComponent('Plattform Borte')}`, s.fx.a.id)));
    expect((await away(s.c.adminA, TODAY)).names).not.toContain('Plattform Borte');
  });
});

describe('GET /api/away/classes?activeOn returns classIds; POST {fromDate, toDate, classIds}; DELETE /api/away/class/{classId}', () => {
  it('Admin sends classes on a trip; they are active in the range', async () => {
    const id = await newClass('Linje Fjell');
    expectOk(await s.c.adminA.post('/api/away/classes', { fromDate: '2026-12-01', toDate: '2026-12-03', classIds: [id] }));
    expect(await classTrips(s.c.adminA, '2026-12-02')).toContain(id);
    expect(await classTrips(s.c.adminA, '2026-12-04')).not.toContain(id);
  });

  it('Plattformadministrator sends a class on a trip', async () => {
    const id = await newClass('Linje Sjø');
    expectOk(
      await s.c.platform.post(forSchool('/api/away/classes', s.fx.a.id), { fromDate: '2026-12-05', toDate: '2026-12-05', classIds: [id] }),
    );
    expect(await classTrips(s.c.adminA, '2026-12-05')).toContain(id);
  });

  it('Tilsynsvakt is refused; no class selected is refused with a message; nothing stored', async () => {
    const id = await newClass('Linje Skog');
    expectRefused(
      await s.c.supervisorA.post('/api/away/classes', { fromDate: '2026-12-07', toDate: '2026-12-07', classIds: [id] }),
      'supervisor',
    );
    expectClientError(await s.c.adminA.post('/api/away/classes', { fromDate: '2026-12-07', toDate: '2026-12-07', classIds: [] }), 'empty');
    expect(await classTrips(s.c.adminA, '2026-12-07')).toEqual([]);
  });

  it("GET: not approved refused; the other school sees none of school A's classes on trips", async () => {
    expectRefused(await s.c.pendingA.get('/api/away/classes?activeOn=2026-12-02'));
    expect(await classTrips(s.c.adminB, '2026-12-02')).toEqual([]);
  });

  it('DELETE: Tilsynsvakt refused, the other school leaves it, Admin removes the class (an empty trip goes)', async () => {
    const id = await newClass('Linje Elv');
    expectOk(await s.c.adminA.post('/api/away/classes', { fromDate: '2026-12-09', toDate: '2026-12-10', classIds: [id] }));
    expectRefused(await s.c.supervisorA.delete(`/api/away/class/${id}`), 'supervisor');
    await s.c.adminB.delete(`/api/away/class/${id}`);
    expect(await classTrips(s.c.adminA, '2026-12-09')).toContain(id);
    expectOk(await s.c.adminA.delete(`/api/away/class/${id}`));
    expect(await classTrips(s.c.adminA, '2026-12-09')).not.toContain(id);
    expect((await trips()).filter((t) => t.fromDate === '2026-12-09')).toEqual([]);
  });
});

describe('GET /api/away/all returns entries (trips)', () => {
  it('Admin reads trips: id, fromDate, toDate, studentNamesJSON, classIdsJSON (decoded), updatedAt', async () => {
    const id = await newClass('Linje Tur');
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-12', toDate: '2026-12-14', studentName: 'Turid Tur' }));
    expectOk(await s.c.adminA.post('/api/away/classes', { fromDate: '2026-12-15', toDate: '2026-12-16', classIds: [id] }));
    const student = await tripFrom('2026-12-12');
    expect(decodedTrip(student)).toMatchObject({ fromDate: '2026-12-12', toDate: '2026-12-14', studentNames: ['Turid Tur'], classIds: [] });
    expect(typeof student.id === 'string' && typeof student.updatedAt === 'string', JSON.stringify(student)).toBe(true);
    expect(decodedTrip(await tripFrom('2026-12-15'))).toMatchObject({ toDate: '2026-12-16', studentNames: [], classIds: [id] });
  });

  it("Plattformadministrator reads a school's trips", async () => {
    const res = await s.c.platform.get(forSchool('/api/away/all', s.fx.a.id));
    expect(res.status).toBe(200);
    expect(list(res, 'entries').map((t) => t.fromDate)).toContain('2026-12-12');
  });

  it("Tilsynsvakt is refused (the trips page is an admin screen); the other school sees none of school A's", async () => {
    expectRefused(await s.c.supervisorA.get('/api/away/all'));
    const other = await s.c.adminB.get('/api/away/all');
    expect(other.status).toBe(200);
    expect(leaks(other, 'Turid Tur', '2026-12-12')).toEqual([]);
  });
});

describe('DELETE /api/away/entry/{id}', () => {
  it("Tilsynsvakt refused, the other school's Admin a 4xx, then Admin removes the trip", async () => {
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-18', toDate: '2026-12-19', studentName: 'Reidun Reise' }));
    const trip = await tripFrom('2026-12-18');
    expectRefused(await s.c.supervisorA.delete(`/api/away/entry/${String(trip.id)}`), 'supervisor');
    expectClientError(await s.c.adminB.delete(`/api/away/entry/${String(trip.id)}`), 'admin B');
    expect((await trips()).map((t) => t.id)).toContain(trip.id);
    expectOk(await s.c.adminA.delete(`/api/away/entry/${String(trip.id)}`));
    expect((await trips()).map((t) => t.id)).not.toContain(trip.id);
    expect((await away(s.c.adminA, '2026-12-18')).names).not.toContain('Reidun Reise');
  });

  it("Plattformadministrator removes a school's trip", async () => {
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-20', toDate: '2026-12-20', studentName: 'Per Plattform' }));
    const trip = await tripFrom('2026-12-20');
    expectOk(await s.c.platform.delete(forSchool(`/api/away/entry/${String(trip.id)}`, s.fx.a.id)));
    expect((await trips()).map((t) => t.id)).not.toContain(trip.id);
  });
});

describe('PUT /api/away/trip/{id}, body {fromDate, toDate, studentNames, classIds}', () => {
  it('Admin edits a trip: dates, students and classes as sent', async () => {
    const cls = await newClass('Linje Redigert');
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-22', toDate: '2026-12-23', studentName: 'Erle Endre' }));
    const trip = await tripFrom('2026-12-22');
    const edit = { fromDate: '2026-12-22', toDate: '2026-12-28', studentNames: ['Erle Endre', 'Ny Elev'], classIds: [cls] };
    expectOk(await s.c.adminA.put(`/api/away/trip/${String(trip.id)}`, edit));
    expect(decodedTrip(await tripFrom('2026-12-22'))).toMatchObject(edit);
    expect((await away(s.c.adminA, '2026-12-27')).names).toContain('Ny Elev');
  });

  it("Plattformadministrator edits a school's trip", async () => {
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-24', toDate: '2026-12-24', studentName: 'Jul Jensen' }));
    const trip = await tripFrom('2026-12-24');
    const edit = { fromDate: '2026-12-24', toDate: '2026-12-26', studentNames: ['Jul Jensen'], classIds: [] };
    expectOk(await s.c.platform.put(forSchool(`/api/away/trip/${String(trip.id)}`, s.fx.a.id), edit));
    expect((await tripFrom('2026-12-24')).toDate).toBe('2026-12-26');
  });

  it("Tilsynsvakt is refused; the other school's Admin gets a 4xx; the trip stays", async () => {
    expectOk(await s.c.adminA.post('/api/away/add', { fromDate: '2026-12-29', toDate: '2026-12-30', studentName: 'Ulrik Urørt' }));
    const trip = await tripFrom('2026-12-29');
    const edit = { fromDate: '2026-12-29', toDate: '2026-12-31', studentNames: ['Inntrenger'], classIds: [] };
    expectRefused(await s.c.supervisorA.put(`/api/away/trip/${String(trip.id)}`, edit), 'supervisor');
    expectClientError(await s.c.adminB.put(`/api/away/trip/${String(trip.id)}`, edit), 'admin B');
    const after = await tripFrom('2026-12-29');
    expect(after.toDate).toBe('2026-12-30');
    expect((await away(s.c.adminA, '2026-12-29')).names).toEqual(['Ulrik Urørt']);
  });
});
