import { beforeAll, describe, expect, it } from 'vitest';
import type { Evacuation } from '#protocol/evacuations';
import type { RollCall } from '#protocol/rollCalls';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { useSeededServer } from '../../../test/useTestServer';
import { trusted } from '../../db/trusted';
import { AuditModel } from '../audit/model';
import { RollCallMarkModel, RollCallModel } from '../rollCalls/model';
import { expireRollCalls } from '../rollCalls/retention';
import { EvacuationModel, EvacueeMarkModel } from './model';
import { expireEvacuations } from './retention';

/**
 * Roll calls and evacuation lists name students at night: they are kept as long as the school keeps
 * its sick lists (issue 47, DECISIONS' retention period), then deleted with their marks.
 */
const clock = new TestClock();
const OLD = '2025-11-20';
const RECENT = '2026-11-26';
let fx: Fixture;
let c: Callers;
useSeededServer((s) => ({ fx, c } = s), {}, { clock });

type Entry = { action: string; detail: string };
let oldRoll: RollCall;
let underWay: RollCall;
let oldDrill: Evacuation;

/** A finished roll with a student not found, and a drill with a student marked safe, on `day`. */
async function nightOf(day: string, student: RegisterStudentRecord): Promise<{ roll: RollCall; drill: Evacuation }> {
  clock.setOslo(day, 22, 0);
  const started = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: day, house: 'Furu' })).body;
  await c.supervisorA.put(`/api/roll-calls/${started.id}/marks/${student.id}`, { state: 'missing' });
  const roll = (await c.supervisorA.post<RollCall>(`/api/roll-calls/${started.id}/finish`, { note: 'Ringte foresatte' })).body;
  const drill = (await c.supervisorA.post<Evacuation>('/api/evacuations', { drill: true })).body;
  await c.supervisorA.put(`/api/evacuations/${drill.id}/people/${student.id}`, { safe: true });
  clock.setOslo(day, 22, 5);
  await c.supervisorA.post(`/api/evacuations/${drill.id}/end`, {});
  return { roll, drill };
}

beforeAll(async () => {
  clock.setOslo(OLD, 21, 0);
  const student = (
    await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', {
      firstName: 'Hemmelig',
      lastName: 'Berg',
      house: 'Furu',
      room: '3',
    })
  ).body;
  ({ roll: oldRoll, drill: oldDrill } = await nightOf(OLD, student));
  // A roll left under way that night: not deleted while it is.
  underWay = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: OLD, house: '' })).body;
  await nightOf(RECENT, student);
});

describe('roll calls and evacuation lists past the retention period', () => {
  it('are deleted with their marks, the recent ones and one under way kept; the trail says how many, never who', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(await expireRollCalls(now)).toBe(1);
    expect(await expireEvacuations(now)).toBe(1);

    const rolls = await RollCallModel.of(fx.a.id).find({}, { date: 1 }).lean();
    expect(rolls.map((roll) => [String(roll._id), roll.date]).sort()).toEqual(
      [
        [underWay.id, OLD],
        [expect.any(String), RECENT],
      ].sort(),
    );
    expect(rolls.some((roll) => String(roll._id) === oldRoll.id)).toBe(false);
    expect(await RollCallMarkModel.of(fx.a.id).countDocuments({ rollCallId: oldRoll.id })).toBe(0);
    expect(await RollCallMarkModel.of(fx.a.id).countDocuments({})).toBe(1);
    expect((await EvacuationModel.of(fx.a.id).find({}, { date: 1 }).lean()).map((e) => e.date)).toEqual([RECENT]);
    expect(await EvacueeMarkModel.of(fx.a.id).countDocuments({ evacuationId: oldDrill.id })).toBe(0);
    expect(await EvacueeMarkModel.of(fx.a.id).countDocuments({})).toBe(1);
    expect((await c.adminA.get<RollCall[]>(`/api/roll-calls?date=${OLD}`)).body.map((roll) => roll.id)).toEqual([underWay.id]);

    const trail = (await c.adminA.get<Entry[]>('/api/admin/audit')).body;
    expect(trail.find((e) => e.action === 'rollCall.expired')?.detail).toBe(
      '1 opptelling fra før 27. november 2025 (lagringstid 12 måneder)',
    );
    expect(trail.find((e) => e.action === 'evacuation.expired')?.detail).toBe(
      '1 evakueringsliste fra før 27. november 2025 (lagringstid 12 måneder)',
    );
    // The drill's timed report names no one and stays.
    expect(trail.filter((e) => e.action === 'evacuation.drillEnded')).toHaveLength(2);
    const expired = JSON.stringify(await AuditModel.find({ action: trusted({ $in: ['rollCall.expired', 'evacuation.expired'] }) }).lean());
    expect(expired).not.toContain('Hemmelig');

    // The next run finds nothing more and logs nothing more.
    expect([await expireRollCalls(now), await expireEvacuations(now)]).toEqual([0, 0]);
    expect(await AuditModel.countDocuments({ action: trusted({ $in: ['rollCall.expired', 'evacuation.expired'] }) })).toBe(2);
  });
});
