import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { TRIP_NAME_MAX_LENGTH } from '#protocol/away';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { connectSocket, nextEvent, record, waitFor, type TestSocket } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { ClassModel, classNameKey } from '../classes/model';
import { Trip } from './model';
import { deleteEverywhere } from '../../../test/everySchool';

/** Trips with a name, and students added together as one trip (issue 45). */

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;
let classA: string;
const open: TestSocket[] = [];

clock.setOslo('2026-11-25', 21, 0);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
beforeAll(async () => {
  classA = (await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '2A', nameKey: classNameKey('2A') }))._id.toHexString();
});
beforeEach(async () => deleteEverywhere(Trip));
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

type TripBody = {
  id: string;
  name?: string;
  fromDate: string;
  toDate: string;
  studentNames: string[];
  classIds: string[];
  version: number;
};
type AwayBody = {
  names: string[];
  returnDates: Record<string, string>;
  tripNames?: Record<string, string>;
  classes: Array<{ tripName?: string }>;
};
type ErrorBody = { message: string; code: string };
const adminsOnly = (status: number) => refusedExcept({ adminA: status, adminB: status, platform: 400 });
const HEMSEDAL = { fromDate: '2026-11-27', toDate: '2026-11-30', tripName: 'Skitur Hemsedal' };

describe('named trips', () => {
  it('students added with the same dates and name are one trip; another name is another trip; the spec’s add joins the dates’ trip', async () => {
    await expectAccess(c, (x) => x.post('/api/away/add', { ...HEMSEDAL, studentName: 'Rolletest' }), adminsOnly(200));
    const jonas = await c.adminA.post<TripBody>('/api/away/add', { ...HEMSEDAL, studentName: 'Jonas' });
    expect(jonas.status).toBe(200);
    expect(jonas.body.name).toBe('Skitur Hemsedal');
    const together = await c.adminA.post<TripBody>('/api/away/add', {
      ...HEMSEDAL,
      tripName: '  Skitur Hemsedal ',
      studentNames: ['Sofie', 'Emil'],
    });
    expect(together.body.id).toBe(jonas.body.id);
    expect(together.body.studentNames).toEqual(['Rolletest', 'Jonas', 'Sofie', 'Emil']);

    const concert = await c.adminA.post<TripBody>('/api/away/add', { ...HEMSEDAL, tripName: 'Konsert', studentName: 'Ida' });
    expect(concert.body.id).not.toBe(jonas.body.id);
    expect(concert.body.name).toBe('Konsert');
    const classes = await c.adminA.post<TripBody>('/api/away/classes', { ...HEMSEDAL, classIds: [classA] });
    expect(classes.body.id).toBe(jonas.body.id);

    // The spec's own body, without a name: joins a trip of those dates; a blank name is no name.
    const spec = await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-27', toDate: '2026-11-30', studentName: 'Per' });
    expect([jonas.body.id, concert.body.id]).toContain(spec.body.id);
    const unnamed = await c.adminA.post<TripBody>('/api/away/add', {
      fromDate: '2026-11-26',
      toDate: '2026-11-30',
      studentName: 'Ola',
      tripName: '   ',
    });
    expect(unnamed.status).toBe(200);
    expect(unnamed.body).not.toHaveProperty('name');

    const all = (await c.adminA.get<TripBody[]>('/api/away/all')).body;
    expect(all.map((t) => t.name ?? null).sort()).toEqual(['Konsert', 'Skitur Hemsedal', null]);
    const away = (await c.supervisorA.get<AwayBody>('/api/away?activeOn=2026-11-28')).body;
    expect(away.returnDates.Jonas).toBe('2026-11-30');
    expect(away.tripNames).toMatchObject({ Jonas: 'Skitur Hemsedal', Sofie: 'Skitur Hemsedal', Ida: 'Konsert' });
    expect(away.tripNames).not.toHaveProperty('Ola');
    expect(away.classes).toEqual([expect.objectContaining({ tripName: 'Skitur Hemsedal' })]);

    // School B sees only its own trip (its admin's add in the role check).
    expect((await c.adminB.get<TripBody[]>('/api/away/all')).body.flatMap((t) => t.studentNames)).toEqual(['Rolletest']);
    expect((await c.adminB.get<AwayBody>('/api/away?activeOn=2026-11-28')).body.tripNames).toEqual({ Rolletest: 'Skitur Hemsedal' });
  });

  it('refuses a long name, control characters and a name that is not text, in Norwegian, storing nothing', async () => {
    for (const [tripName, message] of [
      ['x'.repeat(TRIP_NAME_MAX_LENGTH + 1), `Navnet på reisen kan være maks ${TRIP_NAME_MAX_LENGTH} tegn`],
      ['Tur\u0000', 'Teksten kan ikke inneholde kontrolltegn'],
      [{ $gt: '' }, 'Navnet på reisen må være tekst'],
    ] as const) {
      for (const call of [
        () => c.adminA.post<ErrorBody>('/api/away/add', { ...HEMSEDAL, tripName, studentName: 'Jonas' }),
        () => c.adminA.post<ErrorBody>('/api/away/classes', { ...HEMSEDAL, tripName, classIds: [classA] }),
      ]) {
        const res = await call();
        expect(res.status).toBe(400);
        expect(res.body.message).toContain(message);
        expect(res.body.message).toContain('navn på reisen');
      }
    }
    const longest = await c.adminA.post<TripBody>('/api/away/add', {
      ...HEMSEDAL,
      tripName: 'x'.repeat(TRIP_NAME_MAX_LENGTH),
      studentName: 'J',
    });
    expect(longest.status).toBe(200);
    expect(await Trip.of(fx.a.id).countDocuments({})).toBe(1);
  });

  it('an edit names, keeps or takes away the name; the spec’s body keeps it; every role and school as before', async () => {
    const trip = (await c.adminA.post<TripBody>('/api/away/add', { fromDate: '2026-11-27', toDate: '2026-11-30', studentName: 'Jonas' }))
      .body;
    const body = { fromDate: '2026-11-26', toDate: '2026-11-30', studentNames: ['Jonas', 'Sofie'], classIds: [] };
    await expectAccess(
      c,
      (x) => x.put(`/api/away/trip/${trip.id}`, { ...body, tripName: 'Skitur Hemsedal' }),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    const named = (await c.adminA.get<TripBody[]>('/api/away/all')).body[0]!;
    expect(named).toMatchObject({ name: 'Skitur Hemsedal', fromDate: '2026-11-26', studentNames: ['Jonas', 'Sofie'] });
    const kept = await c.adminA.put<TripBody>(`/api/away/trip/${trip.id}`, {
      ...body,
      studentNames: ['Jonas'],
      baseVersion: named.version,
    });
    expect(kept.body).toMatchObject({ name: 'Skitur Hemsedal', studentNames: ['Jonas'] });
    expect(
      (await c.platform.put<TripBody>(`/api/away/trip/${trip.id}?schoolId=${fx.a.id}`, { ...body, tripName: 'Tur til Oslo' })).body.name,
    ).toBe('Tur til Oslo');
    const long = await c.adminA.put<ErrorBody>(`/api/away/trip/${trip.id}`, { ...body, tripName: 'x'.repeat(TRIP_NAME_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(`Navnet på reisen kan være maks ${TRIP_NAME_MAX_LENGTH} tegn`);
    const cleared = await c.adminA.put<TripBody>(`/api/away/trip/${trip.id}`, { ...body, tripName: ' ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('name');
    expect((await Trip.of(fx.a.id).findById(trip.id).lean())!.name).toBeUndefined();
  });

  it('the name reaches the school’s open screens live, and no other school’s', async () => {
    const supervisorA = await connectSocket(server.baseUrl, c.supervisorA.cookie);
    const adminB = await connectSocket(server.baseUrl, c.adminB.cookie);
    open.push(supervisorA, adminB);
    const seenA = record(supervisorA, ['trips.saved']);
    const seenB = record(adminB, ['trips.saved']);
    await c.adminA.post('/api/away/add', { ...HEMSEDAL, studentNames: ['Jonas', 'Sofie'] });
    await waitFor(() => seenA.length === 1);
    expect(seenA[0]).toMatchObject({ event: 'trips.saved', payload: { name: 'Skitur Hemsedal', studentNames: ['Jonas', 'Sofie'] } });
    const barrier = await nextEvent(adminB, 'classes.created', () => c.adminB.post('/api/admin/classes', { className: 'Sperre B' }));
    expect(barrier).toMatchObject({ schoolId: fx.b.id });
    expect(seenB).toEqual([]);
  });
});
