import { beforeEach, describe, expect, it } from 'vitest';
import type { RollCall } from '#protocol';
import { json, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { dayScope } from '../../stores/dayScope';
import { resetStores } from '../../stores/registry';
import { rollCallEvents, useRollCallsStore } from './rollCallsStore';
import { useTonightStore } from './tonightStore';
import { useToastStore } from '../../ui/toastStore';
import { newWriteId } from '../../api/ownWrites';

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
  result: null,
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

describe('a mark another phone made', () => {
  it("is put on the roll; 'Ikke funnet' is told with the name and house, and not for this phone's own marks", async () => {
    const ane = 'b'.repeat(24);
    const tonight = {
      date: DAY,
      houses: [
        { house: 'Nordtun', rooms: [{ room: '1', students: [{ id: ane, firstName: 'Ane', lastName: 'Li', className: '', sick: false }] }] },
      ],
      expected: 1,
      sick: 0,
      away: 0,
    };
    stubFetch((request) => json(request.url.includes('/tonight') ? tonight : [call('1')]));
    await useTonightStore.getState().ensure(dayScope(SCHOOL, DAY));
    await useRollCallsStore.getState().ensure(dayScope(SCHOOL, DAY));
    useToastStore.setState({ toasts: [] });
    const mark = (state: 'present' | 'missing' | 'none', byName: string, minute: string) => ({
      rollCallId: call('1').id,
      schoolId: SCHOOL,
      date: DAY,
      studentId: ane,
      state,
      byName,
      at: `${DAY}T21:${minute}.000Z`,
      updatedAt: `${DAY}T21:${minute}.000Z`,
    });
    // This phone's own mark, come back as an event: not told.
    rollCallEvents['rollCalls.marked'](mark('missing', 'Kari', '04:00'), { requestId: newWriteId() });
    rollCallEvents['rollCalls.marked'](mark('none', 'Kari', '04:30'), { requestId: newWriteId() });
    expect(useToastStore.getState().toasts).toEqual([]);
    rollCallEvents['rollCalls.marked'](mark('missing', 'Per', '05:00'), FROM_ELSEWHERE);
    rollCallEvents['rollCalls.marked'](mark('missing', 'Per', '05:01'), FROM_ELSEWHERE);
    expect(useRollCallsStore.getState().byId[call('1').id]?.marks).toEqual([
      { studentId: ane, state: 'missing', byName: 'Per', at: `${DAY}T21:05:01.000Z` },
    ]);
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.description])).toEqual([
      ['Ikke funnet: Ane Li', 'Nordtun. Meldt av Per under opptellingen.'],
    ]);
    // Older than the mark there (made off line before it): changes nothing.
    rollCallEvents['rollCalls.marked'](mark('present', 'Ola', '00:00'), FROM_ELSEWHERE);
    expect(useRollCallsStore.getState().byId[call('1').id]?.marks[0]?.state).toBe('missing');
  });
});
