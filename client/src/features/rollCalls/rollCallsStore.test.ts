import { beforeEach, describe, expect, it } from 'vitest';
import type { RollCall } from '#protocol';
import { json, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { dayScope } from '../../stores/dayScope';
import { resetStores } from '../../stores/registry';
import { rollCallEvents, useRollCallsStore } from './rollCallsStore';

const SCHOOL = 'dddddddddddddddddddddddd';
/** An event another device's write caused. */
const FROM_ELSEWHERE = { requestId: null };
const DAY = '2026-11-23';
const call = (id: string, date = DAY, marks: RollCall['marks'] = []): RollCall => ({
  id: id.padStart(24, 'a'),
  schoolId: SCHOOL,
  date,
  house: 'Nordtun',
  startedAt: `${date}T21:00:00.000Z`,
  startedByName: 'Kari',
  finishedAt: null,
  finishedByName: null,
  note: '',
  marks,
  updatedAt: `${date}T21:00:00.000Z`,
});

let sent: SentRequest[];
beforeEach(() => {
  resetStores();
  sent = stubFetch(() => json([call('1')]));
});

describe("a day's roll calls on the device", () => {
  it("are read for the day and the chosen school, and kept live: another day's roll is not this day's", async () => {
    await useRollCallsStore.getState().ensure(dayScope(SCHOOL, DAY));
    expect(new URL(sent[0]!.url, 'http://localhost').search).toBe(`?date=${DAY}&schoolId=${SCHOOL}`);
    const marked = {
      ...call('1'),
      marks: [{ studentId: 'b'.repeat(24), state: 'present' as const, byName: 'Per', at: `${DAY}T21:05:00.000Z` }],
      updatedAt: `${DAY}T21:05:00.000Z`,
    };
    rollCallEvents['rollCalls.saved'](marked, FROM_ELSEWHERE);
    rollCallEvents['rollCalls.saved'](call('2', '2026-11-24'), FROM_ELSEWHERE);
    expect(Object.values(useRollCallsStore.getState().byId).map((c) => [c.id, c.marks.length])).toEqual([[call('1').id, 1]]);
  });
});
