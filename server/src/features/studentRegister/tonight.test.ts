import { describe, expect, it } from 'vitest';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import type { Tonight } from '#protocol/tonight';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { useSeededServer } from '../../../test/useTestServer';

/** Tonight's list over HTTP (issue 47, its first part): from the register, the away out, the sick marked. */
const clock = new TestClock();
clock.setOslo('2026-11-23', 20, 0);
let fx: Fixture;
let c: Callers;
useSeededServer((s) => ({ fx, c } = s), {}, { clock });

const DAY = '2026-11-23';
const add = async (body: Record<string, unknown>) =>
  (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', body)).body;

describe("tonight's list", () => {
  it('shows the boarders expected in each house by room, without the away, with the sick; a day student is not in it', async () => {
    const trip = (await c.adminA.post<{ id: string }>('/api/admin/classes', { className: 'Tur-klassen' })).body;
    const ida = await add({ firstName: 'Ida', lastName: 'Syk', house: 'Nordtun', room: '12' });
    await add({ firstName: 'Ola', lastName: 'Hjemme', house: 'Nordtun', room: '3' });
    await add({ firstName: 'Kari', lastName: 'Klassetur', house: 'Sørtun', room: '1', classId: trip.id });
    const jon = await add({ firstName: 'Jon', lastName: 'Reist', house: 'Sørtun', room: '2' });
    await add({ firstName: 'Per', lastName: 'Dagelev', house: 'Sørtun', room: '2', boarder: false });
    const left = await add({ firstName: 'Tom', lastName: 'Sluttet', house: 'Nordtun', room: '3' });
    await c.adminA.post(`/api/admin/register/students/${left.id}/leave`, { leftAt: '2026-11-20' });
    await c.adminA.post('/api/sick/add', { date: DAY, name: 'Ida Syk', studentId: ida.id });
    await c.adminA.post('/api/away/classes', { fromDate: DAY, toDate: DAY, classIds: [trip.id] });
    await c.adminA.post('/api/away/add', { fromDate: DAY, toDate: DAY, studentName: 'Jon Reist', studentIds: { 'Jon Reist': jon.id } });

    const res = await c.supervisorA.get<Tonight>(`/api/register/tonight?date=${DAY}`);
    expect(res.status).toBe(200);
    expect(
      res.body.houses.map((h) => [h.house, h.rooms.map((r) => [r.room, r.students.map((s) => `${s.firstName}${s.sick ? ' (syk)' : ''}`)])]),
    ).toEqual([
      [
        'Nordtun',
        [
          ['3', ['Ola']],
          ['12', ['Ida (syk)']],
        ],
      ],
    ]);
    expect([res.body.expected, res.body.sick, res.body.away]).toEqual([2, 1, 2]);
    const south = (await c.supervisorA.get<Tonight>(`/api/register/tonight?date=${DAY}&house=${encodeURIComponent('Sørtun')}`)).body;
    expect([south.houses, south.expected, south.away]).toEqual([[], 0, 2]);
    // The next day the trips are over: everyone is home.
    expect((await c.supervisorA.get<Tonight>('/api/register/tonight?date=2026-11-24')).body.expected).toBe(4);
  });

  it('is for those who read the register; a bad date is refused in Norwegian', async () => {
    await expectAccess(
      c,
      (x) => x.get(`/api/register/tonight?date=${DAY}`),
      refusedExcept({ adminA: 200, supervisorA: 200, adminB: 200, platform: 400 }),
    );
    expect((await c.platform.get(`/api/register/tonight?date=${DAY}&schoolId=${fx.a.id}`)).status).toBe(200);
    const bad = await c.supervisorA.get<{ message: string }>('/api/register/tonight?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Ugyldig dato');
  });
});
