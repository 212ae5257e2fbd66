import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { ClassModel, classNameKey } from '../classes/model';
import { SickRecord } from '../sick/model';
import { Trip } from './model';
import { deleteEverywhere } from '../../../test/everySchool';

/** DECISIONS: every change to a school's lists is atomic; two people saving at once both keep what they saved. */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let classIds: string[];

clock.setOslo('2026-11-21', 21, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  const classes = await ClassModel.of(fx.a.id).create(
    Array.from({ length: 8 }, (_, i) => ({ schoolId: fx.a.id, className: `${i + 1}A`, nameKey: classNameKey(`${i + 1}A`) })),
  );
  classIds = classes.map((cls) => cls._id.toHexString());
});
beforeEach(async () => {
  await deleteEverywhere(Trip);
  await deleteEverywhere(SickRecord);
});

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
const allOk = (responses: Array<{ status: number }>) => expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));

describe('lists under simultaneous saves', () => {
  it('20 sick students added at the same moment are all kept, in one record', async () => {
    allOk(
      await Promise.all(names(20, 'Syk').map((name) => c.adminA.post('/api/sick/add', { date: '2026-11-21', name, comment: 'feber' }))),
    );
    const res = await c.adminA.get<{ names: string[] }>('/api/sick?date=2026-11-21');
    expect([...res.body.names].sort()).toEqual(names(20, 'Syk').sort());
    expect(await SickRecord.of(fx.a.id).countDocuments({ schoolId: fx.a.id, date: '2026-11-21' })).toBe(1);
  });

  it('a removal from a stale list is refused, not saved over a newer list', async () => {
    const first = await c.adminA.post<{ revision: number }>('/api/sick/add', { date: '2026-11-21', name: 'Ola' });
    await c.adminA.post('/api/sick/add', { date: '2026-11-21', name: 'Kari' });
    const stale = await c.adminA.put('/api/sick', { date: '2026-11-21', students: [], revision: first.body.revision });
    expect(stale.status).toBe(409);
    expect((await c.adminA.get<{ names: string[] }>('/api/sick?date=2026-11-21')).body.names).toEqual(['Ola', 'Kari']);
  });

  it('20 away students and 8 classes added at once to the same dates all end up on one trip', async () => {
    const range = { fromDate: '2026-11-21', toDate: '2026-11-23' };
    allOk(
      await Promise.all([
        ...names(20, 'Borte').map((studentName) => c.adminA.post('/api/away/add', { ...range, studentName })),
        ...classIds.map((id) => c.adminA.post('/api/away/classes', { ...range, classIds: [id] })),
      ]),
    );
    const trips = await Trip.of(fx.a.id).find({ schoolId: fx.a.id }).lean();
    expect(trips).toHaveLength(1);
    expect([...trips[0]!.studentNames].sort()).toEqual(names(20, 'Borte').sort());
    expect(trips[0]!.classIds.map(String).sort()).toEqual([...classIds].sort());
  });

  it('removals and additions racing each other: each removal takes only its own, each addition stays', async () => {
    const range = { fromDate: '2026-11-21', toDate: '2026-11-25' };
    await c.adminA.post('/api/away/add', { ...range, studentNames: names(10, 'Gammel') });
    allOk(
      await Promise.all([
        ...names(10, 'Gammel').map((name) => c.adminA.delete(`/api/away/student/${encodeURIComponent(name)}`)),
        ...names(10, 'Ny').map((studentName) => c.adminA.post('/api/away/add', { ...range, studentName })),
      ]),
    );
    const trips = await Trip.of(fx.a.id).find({ schoolId: fx.a.id }).lean();
    expect(trips.flatMap((t) => t.studentNames).sort()).toEqual(names(10, 'Ny').sort());
  });

  it('a trip edited and removed at once is either removed or edited, never half of each', async () => {
    for (let round = 0; round < 4; round++) {
      const trip = (
        await c.adminA.post<{ id: string }>('/api/away/add', { fromDate: '2026-11-22', toDate: '2026-11-24', studentName: `Elev ${round}` })
      ).body;
      const [edit, removal] = await Promise.all([
        c.adminA.put(`/api/away/trip/${trip.id}`, {
          fromDate: '2026-11-22',
          toDate: '2026-11-26',
          studentNames: ['Endret'],
          classIds: [],
          baseVersion: 1,
        }),
        c.adminA.delete(`/api/away/entry/${trip.id}`),
      ]);
      expect(removal.status).toBe(200);
      expect([200, 404]).toContain(edit.status);
      expect(await Trip.of(fx.a.id).exists({ _id: trip.id })).toBeNull();
    }
  });
});
