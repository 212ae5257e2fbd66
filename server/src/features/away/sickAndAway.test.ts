import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { expectAccess, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { ClassModel, classNameKey } from '../classes/model';
import { SickRecord } from '../sick/model';
import { Trip } from './model';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let class1A: string;
let class2B: string;

clock.setOslo('2026-11-21', 21, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  class1A = (await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '1A', nameKey: classNameKey('1A') }))._id.toHexString();
  class2B = (await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '2B', nameKey: classNameKey('2B') }))._id.toHexString();
  await SickRecord.of(fx.a.id).create({
    schoolId: fx.a.id,
    date: '2026-11-21',
    comment: 'Felles',
    students: [{ name: 'Ola N.', comment: 'Feber' }, { name: 'Kari' }],
  });
  await Trip.of(fx.b.id).create({
    schoolId: fx.b.id,
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    studentNames: ['Skole B elev'],
    classIds: [],
  });
  await Trip.of(fx.a.id).create([
    { schoolId: fx.a.id, fromDate: '2026-11-20', toDate: '2026-11-23', studentNames: ['Ola N.'], classIds: [class1A] },
    { schoolId: fx.a.id, fromDate: '2026-11-21', toDate: '2026-11-21', studentNames: ['Per'], classIds: [] },
    { schoolId: fx.a.id, fromDate: '2026-11-25', toDate: '2026-11-26', studentNames: ['Senere'], classIds: [class2B] },
  ]);
});

describe('GET /api/sick', () => {
  it('gives the school’s sick list of a date, with comments by name (names may hold a dot)', async () => {
    await expectAccess(c, (x) => x.get('/api/sick?date=2026-11-21'), {
      anonymous: 401,
      pendingA: 403,
      supervisorA: 200,
      caretakerA: 200,
      adminA: 200,
      platform: 400,
    });
    const res = await c.supervisorA.get('/api/sick?date=2026-11-21');
    expect(res.body).toEqual({ names: ['Ola N.', 'Kari'], comment: 'Felles', studentComments: { 'Ola N.': 'Feber' }, revision: 0 });
    expect((await c.adminB.get('/api/sick?date=2026-11-21')).body).toEqual({ names: [], comment: '', studentComments: {}, revision: 0 });
    expect((await c.platform.get(`/api/sick?date=2026-11-21&schoolId=${fx.a.id}`)).body).toMatchObject({ names: ['Ola N.', 'Kari'] });
    for (const bad of ['', '?date=2026-11-31', '?date=i%20dag']) expect((await c.adminA.get(`/api/sick${bad}`)).status, bad).toBe(400);
  });
});

describe('GET /api/away', () => {
  it('gives who is away on a day, with return dates, and classes by name', async () => {
    await expectAccess(c, (x) => x.get('/api/away?activeOn=2026-11-21'), {
      anonymous: 401,
      deactivatedA: 403,
      supervisorA: 200,
      adminB: 200,
    });
    const res = await c.supervisorA.get('/api/away?activeOn=2026-11-21');
    expect(res.body).toEqual({
      names: ['Ola N.', 'Per'],
      individualStudentNames: ['Ola N.', 'Per'],
      returnDates: { 'Ola N.': '2026-11-23', Per: '2026-11-21' },
      classes: [{ id: class1A, className: '1A', returnDate: '2026-11-23' }],
    });
    expect((await c.supervisorA.get<{ names: string[] }>('/api/away?activeOn=2026-11-24')).body.names).toEqual([]);
    expect((await c.adminB.get<{ names: string[] }>('/api/away?activeOn=2026-11-21')).body.names).toEqual(['Skole B elev']);
    expect((await c.adminA.get('/api/away')).status).toBe(400);
  });

  it('a deleted class leaves every trip; a trip left empty is removed', async () => {
    expect((await c.adminA.delete(`/api/admin/classes/${class2B}`)).status).toBe(200);
    expect(await Trip.of(fx.a.id).countDocuments({ schoolId: fx.a.id, studentNames: 'Senere' })).toBe(1);
    const onlyClass = await Trip.of(fx.a.id).create({
      schoolId: fx.a.id,
      fromDate: '2026-12-01',
      toDate: '2026-12-02',
      classIds: [class1A],
    });
    expect((await c.adminA.delete(`/api/admin/classes/${class1A}`)).status).toBe(200);
    expect(await Trip.of(fx.a.id).exists({ _id: onlyClass._id })).toBeNull();
    expect((await Trip.of(fx.a.id).findOne({ studentNames: 'Ola N.' }).lean())!.classIds).toEqual([]);
  });
});
