import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { AWAY_TEXTS } from '#protocol/away';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import { signedIn } from '../../../test/sessions';
import type { Fixture } from '../../../test/fixtures';
import { connectSocket, nextEvent, record, waitFor, type TestSocket } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { ClassModel, classNameKey } from '../classes/model';
import { SickRecord } from '../sick/model';
import { Trip } from './model';
import { countEverywhere, deleteEverywhere } from '../../../test/everySchool';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;
let classA: string;
let classB: string;
const open: TestSocket[] = [];

clock.setOslo('2026-11-21', 21, 0);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
beforeAll(async () => {
  classA = (await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '1A', nameKey: classNameKey('1A') }))._id.toHexString();
  classB = (await ClassModel.of(fx.b.id).create({ schoolId: fx.b.id, className: '1B', nameKey: classNameKey('1B') }))._id.toHexString();
});
beforeEach(async () => {
  await deleteEverywhere(Trip);
  await deleteEverywhere(SickRecord);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

type Sick = { names: string[]; comment: string; studentComments: Record<string, string> };
type TripBody = { id: string; fromDate: string; toDate: string; studentNames: string[]; classIds: string[]; version: number };
const adminsOnly = (status: number) => refusedExcept({ adminA: status, adminB: status, platform: 400 });

describe('sick list writes', () => {
  it('an Admin adds sick students (adding again updates the comment) and replaces the list', async () => {
    await expectAccess(c, (x) => x.post('/api/sick/add', { date: '2026-11-21', name: 'Test', comment: '' }), adminsOnly(200));
    const first = await c.adminA.post<Sick>('/api/sick/add', { date: '2026-11-21', name: '  Ola N. ', comment: ' Feber ' });
    expect(first.body).toMatchObject({ names: ['Test', 'Ola N.'], studentComments: { 'Ola N.': 'Feber' } });
    const again = await c.adminA.post<Sick>('/api/sick/add', { date: '2026-11-21', name: 'Ola N.', comment: 'Bedre' });
    expect(again.body.names).toEqual(['Test', 'Ola N.']);
    expect(again.body.studentComments['Ola N.']).toBe('Bedre');
    const replaced = await c.adminA.put<Sick>('/api/sick', { date: '2026-11-21', students: [{ name: 'Ola N.', comment: 'Bedre' }] });
    expect(replaced.body.names).toEqual(['Ola N.']);
    expect((await c.adminB.get<Sick>('/api/sick?date=2026-11-21')).body.names).toEqual(['Test']);
    expect((await c.platform.post<Sick>(`/api/sick/add?schoolId=${fx.b.id}`, { date: '2026-11-21', name: 'Fra plattform' })).status).toBe(
      200,
    );
  });

  it('rejects a blank name, a long comment and a bad date, storing nothing', async () => {
    for (const body of [
      { date: '2026-11-21', name: '   ' },
      { date: '2026-11-21', name: 'A', comment: 'x'.repeat(501) },
      { date: '2026-11-31', name: 'A' },
      { date: '2026-11-21', name: { $gt: '' } },
    ]) {
      expect((await c.adminA.post('/api/sick/add', body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await c.adminA.put('/api/sick', { date: '2026-11-21', students: [{ name: '' }] })).status).toBe(400);
    expect(await countEverywhere(SickRecord)).toBe(0);
  });

  it('reaches the whole school live', async () => {
    const supervisorA = await connectSocket(server.baseUrl, c.supervisorA.cookie);
    const adminB = await connectSocket(server.baseUrl, c.adminB.cookie);
    open.push(supervisorA, adminB);
    const seenA = record(supervisorA, ['sickLists.updated', 'trips.saved']);
    const seenB = record(adminB, ['sickLists.updated', 'trips.saved']);
    await c.adminA.post('/api/sick/add', { date: '2026-11-21', name: 'Kari', comment: 'Vondt i halsen' });
    await c.adminA.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-22', studentName: 'Per' });
    await waitFor(() => seenA.length === 2);
    expect(seenA[0]).toEqual({
      event: 'sickLists.updated',
      payload: {
        schoolId: fx.a.id,
        date: '2026-11-21',
        names: ['Kari'],
        comment: '',
        studentComments: { Kari: 'Vondt i halsen' },
        revision: 1,
      },
    });
    expect(seenA[1]).toMatchObject({ event: 'trips.saved', payload: { studentNames: ['Per'] } });
    // School B's own next event proves nothing of school A's came before it.
    const barrier = await nextEvent(adminB, 'classes.created', () => c.adminB.post('/api/admin/classes', { className: 'Sperre B' }));
    expect(barrier).toMatchObject({ schoolId: fx.b.id, className: 'Sperre B' });
    expect(seenB).toEqual([]);
  });
});

describe('trips', () => {
  it('adding a student joins the trip with the same dates or starts one', async () => {
    await expectAccess(
      c,
      (x) => x.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: 'X' }),
      adminsOnly(200),
    );
    const a = await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: 'Per' });
    const b = await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: 'Per' });
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.studentNames).toEqual(['X', 'Per']);
    const other = await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-22', toDate: '2026-11-23', studentName: 'Per' });
    expect(other.body.id).not.toBe(a.body.id);
    const wrongOrder = await c.adminA.post<{ message: string }>('/api/away/add', {
      fromDate: '2026-11-24',
      toDate: '2026-11-23',
      studentName: 'Per',
    });
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body.message).toContain(AWAY_TEXTS.datesOrder);
    expect((await c.adminA.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: '  ' })).status).toBe(400);
    expect((await c.adminA.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23' })).status).toBe(400);
  });

  it('classes go on trips only from the own school, and show as active on their days', async () => {
    expect((await c.adminA.post('/api/away/classes', { fromDate: '2026-11-21', toDate: '2026-11-22', classIds: [classA] })).status).toBe(
      200,
    );
    const foreign = await c.adminA.post('/api/away/classes', { fromDate: '2026-11-21', toDate: '2026-11-22', classIds: [classB] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: AWAY_TEXTS.unknownClass, code: 'invalid' });
    expect((await c.adminA.post('/api/away/classes', { fromDate: '2026-11-21', toDate: '2026-11-22', classIds: [] })).status).toBe(400);
    expect((await c.adminA.get('/api/away/classes?activeOn=2026-11-22')).body).toEqual({ classIds: [classA] });
    expect((await c.adminA.get('/api/away/classes?activeOn=2026-11-23')).body).toEqual({ classIds: [] });
    await expectAccess(c, (x) => x.get('/api/away/classes?activeOn=2026-11-22'), adminsOnly(200));
  });

  it('removing a student or class takes it off every running trip; an empty trip goes; the archive stays', async () => {
    const archived = await Trip.of(fx.a.id).create({
      schoolId: fx.a.id,
      fromDate: '2026-11-01',
      toDate: '2026-11-05',
      studentNames: ['Per'],
    });
    const running = (await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-20', toDate: '2026-11-25', studentName: 'Per' }))
      .body;
    await c.adminA.post('/api/away/classes', { fromDate: '2026-11-20', toDate: '2026-11-25', classIds: [classA] });
    expect((await c.adminA.delete(`/api/away/student/${encodeURIComponent('Per')}`)).status).toBe(200);
    expect((await Trip.of(fx.a.id).findById(running.id).lean())!.studentNames).toEqual([]);
    expect((await Trip.of(fx.a.id).findById(archived._id).lean())!.studentNames).toEqual(['Per']);
    expect((await c.adminA.delete(`/api/away/class/${classA}`)).status).toBe(200);
    expect(await Trip.of(fx.a.id).exists({ _id: running.id })).toBeNull();
    await expectAccess(c, (x) => x.delete('/api/away/student/Ingen'), adminsOnly(200));
  });

  it('lists every trip; edits and deletes running trips, never archived ones', async () => {
    const archived = await Trip.of(fx.a.id).create({
      schoolId: fx.a.id,
      fromDate: '2026-11-01',
      toDate: '2026-11-20',
      studentNames: ['Gammel'],
    });
    const running = (await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-25', studentName: 'Ny' }))
      .body;
    const all = await c.adminA.get<TripBody[]>('/api/away/all');
    expect(all.body.map((t) => t.id)).toEqual([running.id, archived._id.toHexString()]);
    expect((await c.adminB.get<TripBody[]>('/api/away/all')).body).toEqual([]);

    const edit = { fromDate: '2026-11-22', toDate: '2026-11-26', studentNames: ['Ny', 'Nyere'], classIds: [classA], baseVersion: 1 };
    const edited = await c.adminA.put<TripBody>(`/api/away/trip/${running.id}`, edit);
    expect(edited.status).toBe(200);
    const { baseVersion, ...fields } = edit;
    expect(edited.body).toMatchObject({ ...fields, version: baseVersion + 1 });
    expect((await c.adminA.put(`/api/away/trip/${running.id}`, { ...edit, studentNames: [], classIds: [] })).status).toBe(400);
    expect((await c.adminA.put(`/api/away/trip/${running.id}`, { ...edit, classIds: [classB] })).status).toBe(400);
    expect((await c.adminB.put(`/api/away/trip/${running.id}`, edit)).status).toBe(404);
    const archivedEdit = await c.adminA.put(`/api/away/trip/${archived._id}`, edit);
    expect(archivedEdit.status).toBe(409);
    expect(archivedEdit.body).toEqual({ message: AWAY_TEXTS.archived, code: 'conflict' });
    expect((await c.adminA.delete(`/api/away/entry/${archived._id}`)).status).toBe(409);
    expect((await c.adminB.delete(`/api/away/entry/${running.id}`)).status).toBe(404);
    expect((await c.adminA.delete(`/api/away/entry/${running.id}`)).status).toBe(200);
    expect(await Trip.of(fx.a.id).exists({ _id: running.id })).toBeNull();
  });
});

describe('one trip edited by two admins', () => {
  it('an edit made from an older version is refused with the trip as it is now; 30 at once keep exactly one', async () => {
    const trip = (await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: 'Åse' }))
      .body;
    const second = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Admin'));
    const edit = (studentNames: string[], baseVersion: number) => ({
      fromDate: '2026-11-21',
      toDate: '2026-11-23',
      studentNames,
      classIds: [],
      baseVersion,
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        (n % 2 ? second : c.adminA).put<TripBody & { code?: string; current?: TripBody }>(
          `/api/away/trip/${trip.id}`,
          edit(['Åse', `Elev ${n}`], trip.version),
        ),
      ),
    );
    const taken = answers.filter((a) => a.status === 200);
    expect(taken).toHaveLength(1);
    const now = (await Trip.of(fx.a.id).findById(trip.id).lean())!;
    expect(now.studentNames).toEqual(taken[0]!.body.studentNames);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'editConflict',
        message: AWAY_TEXTS.conflict,
        current: { id: trip.id, studentNames: now.studentNames, version: trip.version + 1 },
      });
    }
    // A student added to the trip meanwhile (another list's merge) makes a new version too.
    await c.adminA.post('/api/away/add', { fromDate: '2026-11-21', toDate: '2026-11-23', studentName: 'Bror' });
    expect((await c.adminA.put(`/api/away/trip/${trip.id}`, edit(['Åse'], trip.version + 1))).status).toBe(409);
    // The very edit the trip already holds, from any version, is taken as it is.
    const same = await c.adminA.put<TripBody>(`/api/away/trip/${trip.id}`, edit([...now.studentNames, 'Bror'], 0));
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(trip.version + 2);
  });
});
