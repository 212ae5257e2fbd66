import { afterEach, describe, expect, it } from 'vitest';
import type { Sick } from '#protocol/sick';
import type { Trip } from '#protocol/away';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * Lists that pick from the register (issue 46): a student chosen from it is held by id on the sick
 * list and the trip, the spec's bodies without ids keep the links, and a rename in the register
 * renames them there, live; the same name typed freely is left alone.
 */
const clock = new TestClock();
clock.setOslo('2026-11-23', 20, 0);
const TODAY = '2026-11-23';
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const sickOn = async (date: string) => (await c.adminA.get<Sick>(`/api/sick?date=${date}`)).body;
const trips = async () => (await c.adminA.get<Trip[]>('/api/away/all')).body;

describe('students chosen from the register', () => {
  it('are held by id on the sick list and the trip; a rename renames them there, live, and leaves a typed name alone', async () => {
    const student = (
      await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', {
        firstName: 'Ola',
        lastName: 'Nordman',
        house: 'Nordtun',
        room: '12',
      })
    ).body;
    const sick = await c.adminA.post<Sick>('/api/sick/add', { date: TODAY, name: 'Ola Nordman', comment: 'Feber', studentId: student.id });
    expect(sick.status).toBe(200);
    expect(sick.body.studentIds).toEqual({ 'Ola Nordman': student.id });
    // The spec's body: the same name typed on another day, and a student without a link.
    expect((await c.adminA.post('/api/sick/add', { date: '2026-11-20', name: 'Ola Nordman' })).status).toBe(200);
    expect((await c.adminA.post('/api/sick/add', { date: TODAY, name: 'Per Fri' })).status).toBe(200);
    // The spec's PUT sends names alone: the link stays.
    const replaced = await c.adminA.put<Sick>('/api/sick', {
      date: TODAY,
      students: [{ name: 'Ola Nordman', comment: 'Feber' }, { name: 'Per Fri' }],
      revision: (await sickOn(TODAY)).revision,
    });
    expect(replaced.body.studentIds).toEqual({ 'Ola Nordman': student.id });

    const added = await c.adminA.post<Trip>('/api/away/add', {
      fromDate: TODAY,
      toDate: '2026-11-25',
      studentName: 'Ola Nordman',
      studentIds: { 'Ola Nordman': student.id },
      tripName: 'Skitur',
    });
    expect(added.status).toBe(200);
    expect(added.body.studentIds).toEqual({ 'Ola Nordman': student.id });
    // The spec's PUT of the trip sends names alone: the link of a name it keeps stays.
    const edited = await c.adminA.put<Trip>(`/api/away/trip/${added.body.id}`, {
      fromDate: TODAY,
      toDate: '2026-11-26',
      studentNames: ['Ola Nordman', 'Kari Fri'],
      classIds: [],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.studentIds).toEqual({ 'Ola Nordman': student.id });

    const supervisor = await sockets.connectAs(fx.a.supervisor);
    const heard = record(supervisor.socket, ['sickLists.updated', 'registerEntries.saved']);
    const renamed = await c.adminA.put<RegisterStudentRecord>(`/api/admin/register/students/${student.id}`, { lastName: 'Nordmann' });
    expect(renamed.status).toBe(200);

    expect((await sickOn(TODAY)).names).toEqual(['Ola Nordmann', 'Per Fri']);
    expect((await sickOn(TODAY)).studentComments).toEqual({ 'Ola Nordmann': 'Feber' });
    expect((await sickOn('2026-11-20')).names).toEqual(['Ola Nordman']);
    const trip = (await trips()).find((t) => t.id === added.body.id)!;
    expect(trip.studentNames.sort()).toEqual(['Kari Fri', 'Ola Nordmann']);
    expect(trip.studentIds).toEqual({ 'Ola Nordmann': student.id });
    await waitFor(() => heard.some((e) => e.event === 'sickLists.updated'));
    expect(heard.find((e) => e.event === 'sickLists.updated')?.payload).toMatchObject({ date: TODAY, names: ['Ola Nordmann', 'Per Fri'] });

    // Taken off the trip by name (the spec's DELETE): the link goes with the name.
    expect((await c.adminA.delete(`/api/away/student/${encodeURIComponent('Ola Nordmann')}`)).status).toBe(200);
    expect((await trips()).find((t) => t.id === added.body.id)?.studentIds).toBeUndefined();
  });

  it('refuses an id that is not an id, with a Norwegian message, and stores nothing', async () => {
    const before = await sickOn('2026-11-24');
    const res = await c.adminA.post<{ message: string }>('/api/sick/add', { date: '2026-11-24', name: 'Ida', studentId: 'ola' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('elev i elevregisteret');
    const trip = await c.adminA.post<{ message: string }>('/api/away/add', {
      fromDate: TODAY,
      toDate: TODAY,
      studentName: 'Ida',
      studentIds: { Ida: 'x' },
    });
    expect(trip.status).toBe(400);
    expect(trip.body.message).toContain('elever i elevregisteret');
    expect(await sickOn('2026-11-24')).toEqual(before);
  });

  it('names on lists from before the register are proposed by exact name, two of a name never; linking them makes a rename reach them', async () => {
    await c.adminA.post('/api/sick/add', { date: '2026-11-10', name: 'Mari Lund', comment: '' });
    await c.adminA.post('/api/sick/add', { date: '2026-11-10', name: 'Jon Tvilling' });
    const oldTrip = (
      await c.adminA.post<Trip>('/api/away/add', {
        fromDate: '2026-11-11',
        toDate: '2026-11-12',
        studentNames: ['Mari Lund', 'Ukjent Gjest'],
      })
    ).body;
    const mari = (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName: 'Mari', lastName: 'Lund' })).body;
    await c.adminA.post('/api/admin/register/students', { firstName: 'Jon', lastName: 'Tvilling' });
    await c.adminA.post('/api/admin/register/students', { firstName: 'Jon', lastName: 'Tvilling', externalId: 'E-2' });

    type Proposal = { kind: string; on: string; until: string; name: string; studentId: string };
    const proposals = (await c.adminA.get<Proposal[]>('/api/admin/register/links')).body.filter((p) =>
      ['Mari Lund', 'Jon Tvilling', 'Ukjent Gjest'].includes(p.name),
    );
    expect(proposals).toEqual([
      { kind: 'sick', on: '2026-11-10', until: '2026-11-10', name: 'Mari Lund', studentId: mari.id },
      { kind: 'trip', on: '2026-11-11', until: '2026-11-12', name: 'Mari Lund', studentId: mari.id },
    ]);
    // Looking changes nothing.
    expect((await sickOn('2026-11-10')).studentIds).toBeUndefined();
    expect((await c.supervisorA.post('/api/admin/register/links')).status).toBe(403);

    const res = await c.adminA.post<{ linked: number }>('/api/admin/register/links');
    expect(res.status).toBe(200);
    expect(res.body.linked).toBeGreaterThanOrEqual(2);
    expect((await sickOn('2026-11-10')).studentIds).toEqual({ 'Mari Lund': mari.id });
    expect((await trips()).find((t) => t.id === oldTrip.id)?.studentIds).toEqual({ 'Mari Lund': mari.id });
    expect((await c.adminA.get<Proposal[]>('/api/admin/register/links')).body.filter((p) => p.name === 'Mari Lund')).toEqual([]);

    await c.adminA.put(`/api/admin/register/students/${mari.id}`, { lastName: 'Lund-Berg' });
    expect((await sickOn('2026-11-10')).names).toEqual(['Mari Lund-Berg', 'Jon Tvilling']);
    expect((await trips()).find((t) => t.id === oldTrip.id)?.studentNames.sort()).toEqual(['Mari Lund-Berg', 'Ukjent Gjest']);
    const trail = (await c.adminA.get<{ action: string; detail: string }[]>('/api/admin/audit?kind=register')).body;
    expect(trail.find((e) => e.action === 'register.linked')?.detail).toMatch(/^\d+ oppføringer?$/);
  });
});
