import { describe, expect, it } from 'vitest';
import type { RollCall } from '#protocol/rollCalls';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import type { StudentData, StudentErasure } from '#protocol/students';
import type { Callers } from '../../../test/callers';
import { TestClock } from '../../../test/testClock';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * The GDPR page and the roll calls (issue 47): the lookup shows the rolls that marked the student
 * or found them missing; the erasure takes their marks and their name from what the rolls found,
 * and leaves the counts.
 */
const clock = new TestClock();
clock.setOslo('2026-11-26', 22, 0);
const DAY = '2026-11-26';
let c: Callers;
useSeededServer((s) => ({ c } = s), {}, { clock });
const url = (name: string) => `/api/admin/students/${encodeURIComponent(name)}`;

describe('a student on the GDPR page', () => {
  it('shows the roll calls that held them, and the erasure takes their marks and their name from the findings', async () => {
    const add = async (firstName: string) =>
      (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName, lastName: 'Moe', house: 'Lia', room: '2' }))
        .body;
    const [tuva, ulf] = [await add('Tuva'), await add('Ulf')];
    const first = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Lia' })).body;
    await c.supervisorA.put(`/api/roll-calls/${first.id}/marks/${tuva.id}`, { state: 'missing' });
    await c.supervisorA.put(`/api/roll-calls/${first.id}/marks/${ulf.id}`, { state: 'present' });
    await c.supervisorA.post(`/api/roll-calls/${first.id}/finish`, { note: 'Tuva funnet 22:20' });
    const second = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Lia' })).body;
    await c.supervisorA.put(`/api/roll-calls/${second.id}/marks/${ulf.id}`, { state: 'present' });
    await c.supervisorA.post(`/api/roll-calls/${second.id}/finish`, { note: 'Tuva ikke telt' });

    const data = (await c.adminA.get<StudentData>(url('Tuva Moe'))).body;
    expect(data.rollCalls).toEqual([
      { date: DAY, house: 'Lia', state: 'Ikke funnet' },
      { date: DAY, house: 'Lia', state: 'Ikke telt' },
    ]);

    const erased = (await c.adminA.delete<StudentErasure>(url('Tuva Moe'))).body;
    expect(erased.rollCalls).toBe(2);
    const rolls = (await c.supervisorA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body;
    expect(rolls.map((r) => [r.marks.map((m) => m.studentId), r.result])).toEqual([
      [[ulf.id], { expected: 2, present: 1, missing: 1, unmarked: 0, notFound: [], uncounted: [] }],
      [[ulf.id], { expected: 2, present: 1, missing: 0, unmarked: 1, notFound: [], uncounted: [] }],
    ]);
    // A note is free text, as a report's: left for a person (the lookup's reports that mention the name).
    expect(JSON.stringify(rolls.map((r) => [r.marks, r.result]))).not.toContain('Tuva');
    expect((await c.adminA.get<StudentData>(url('Tuva Moe'))).body.rollCalls).toEqual([]);
    // Ulf is untouched.
    expect((await c.adminA.get<StudentData>(url('Ulf Moe'))).body.rollCalls).toEqual([
      { date: DAY, house: 'Lia', state: 'Til stede' },
      { date: DAY, house: 'Lia', state: 'Til stede' },
    ]);
  });
});
