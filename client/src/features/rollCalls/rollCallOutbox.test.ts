import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RollCall } from '#protocol';
import { json, networkDown, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { closeOutbox, flushOutbox, openOutbox, useOutbox } from '../../stores/outbox';
import { resetStores } from '../../stores/registry';
import { markRoll, ROLL_MARK_KIND, startRoll } from './rollCallOutbox';
import { newServerId } from '../../api/newId';
import { countsOf, shownMarks, waitingRolls } from './shownRoll';

const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const DAY = '2026-11-23';
const [ANE, BO, CATO] = ['1', '2', '3'].map((n) => n.repeat(24)) as [string, string, string];
const roll = (id: string, marks: RollCall['marks'] = []): RollCall => ({
  id,
  schoolId: 'd'.repeat(24),
  date: DAY,
  house: 'Nordtun',
  startedAt: `${DAY}T21:00:00.000Z`,
  startedByName: 'Per',
  finishedAt: null,
  finishedByName: null,
  note: '',
  marks,
  result: null,
  updatedAt: `${DAY}T21:00:00.000Z`,
});
const houses = [
  {
    house: 'Nordtun',
    rooms: [{ room: '1', students: [ANE, BO, CATO].map((id) => ({ id, firstName: id, lastName: '', className: '', sick: false })) }],
  },
];

let sent: SentRequest[];
let reachable: boolean;
beforeEach(() => {
  resetStores();
  reachable = false;
  sent = stubFetch((request) => {
    if (!reachable) return networkDown();
    const id = request.url.split('/')[3] ?? '';
    return json(request.method === 'POST' ? roll('e'.repeat(24)) : roll(id));
  });
  openOutbox(KARI);
});
afterEach(() => {
  closeOutbox();
  localStorage.clear();
});

describe("a roll's marks on the phone", () => {
  it("wait with the time they were made and show on top of the server's, last one winning; a mark taken back is gone", () => {
    markRoll({ school: null, rollCallId: 'r'.repeat(24), studentId: ANE, state: 'present' });
    markRoll({ school: null, rollCallId: 'r'.repeat(24), studentId: BO, state: 'present' });
    markRoll({ school: null, rollCallId: 'r'.repeat(24), studentId: BO, state: 'none' });
    const waiting = useOutbox.getState().entries.filter((e) => e.kind === ROLL_MARK_KIND) as never;
    const server = roll('r'.repeat(24), [{ studentId: CATO, state: 'missing', byName: 'Per', at: `${DAY}T21:01:00.000Z` }]);
    const marks = shownMarks(server, waiting, 'Kari');
    expect([...marks].map(([id, m]) => [id, m.state, m.byName, m.waiting])).toEqual([
      [CATO, 'missing', 'Per', false],
      [ANE, 'present', 'Kari', true],
    ]);
    expect(countsOf(houses, marks)).toEqual({ expected: 3, present: 1, missing: 1, unmarked: 1 });
    // A mark of someone no longer on tonight's list (gone on a trip) does not count.
    expect(
      countsOf(
        houses.map((h) => ({ ...h, rooms: [{ room: '1', students: h.rooms[0]!.students.slice(1) }] })),
        marks,
      ),
    ).toEqual({
      expected: 2,
      present: 0,
      missing: 1,
      unmarked: 1,
    });
  });

  it('a roll started off line shows as started by me; when another phone had started the house, the marks made here go to that roll', async () => {
    const mine = newServerId();
    expect(mine).toMatch(/^[0-9a-f]{24}$/);
    startRoll({ school: null, date: DAY, house: 'Nordtun', id: mine });
    markRoll({ school: null, rollCallId: mine, studentId: ANE, state: 'present' });
    await flushOutbox();
    const starts = useOutbox.getState().entries.filter((e) => e.kind === 'rollStart') as never;
    expect(waitingRolls(starts, 'Kari', DAY).map((r) => [r.id, r.startedByName, r.house])).toEqual([[mine, 'Kari', 'Nordtun']]);

    reachable = true;
    const before = sent.length;
    await flushOutbox();
    const reached = sent.slice(before);
    expect(reached.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/roll-calls',
      `PUT /api/roll-calls/${'e'.repeat(24)}/marks/${ANE}`,
    ]);
    expect(reached[0]!.body).toMatchObject({ id: mine, house: 'Nordtun', startedAt: expect.any(String) });
    expect(reached[1]!.body).toEqual({ state: 'present', at: expect.any(String) });
    expect(useOutbox.getState().entries).toEqual([]);
  });
});
