import { rollCounts, type RollCall, type RollCounts, type Tonight } from '#protocol';
import type { OutboxEntry } from '../../stores/outbox';
import type { WaitingFinish, WaitingMark, WaitingStart } from './rollCallOutbox';

/** A student's mark as the roll's screen shows it: the server's, or this phone's still waiting to be sent. */
export type ShownMark = { state: 'present' | 'missing'; byName: string; at: string; waiting: boolean };

/** The server's marks with this phone's waiting ones on top, in the order they were made (last wins). */
export function shownMarks(call: RollCall, waiting: ReadonlyArray<OutboxEntry<WaitingMark>>, myName: string): Map<string, ShownMark> {
  const shown = new Map<string, ShownMark>(
    call.marks.map((m) => [m.studentId, { state: m.state, byName: m.byName, at: m.at, waiting: false }]),
  );
  for (const entry of waiting) {
    const mark = entry.payload;
    if (mark.rollCallId !== call.id) continue;
    if (mark.state === 'none') shown.delete(mark.studentId);
    else shown.set(mark.studentId, { state: mark.state, byName: myName, at: entry.madeAt, waiting: true });
  }
  return shown;
}

/** Tonight's list for the roll's house ('' for every house). */
export function housesOf(tonight: Tonight, house: string): Tonight['houses'] {
  return house ? tonight.houses.filter((h) => h.house === house) : tonight.houses;
}

export function expectedIds(houses: Tonight['houses']): string[] {
  return houses.flatMap((h) => h.rooms.flatMap((room) => room.students.map((s) => s.id)));
}

export function countsOf(houses: Tonight['houses'], marks: ReadonlyMap<string, ShownMark>): RollCounts {
  return rollCounts(
    expectedIds(houses),
    [...marks].map(([studentId, mark]) => ({ studentId, state: mark.state })),
  );
}

/** Rolls started on this phone that the server has not got yet, shown as started (by me, when they were). */
export function waitingRolls(starts: ReadonlyArray<OutboxEntry<WaitingStart>>, myName: string, day: string): RollCall[] {
  return starts
    .filter((entry) => entry.payload.date === day)
    .map(({ payload, madeAt }) => ({
      id: payload.id,
      schoolId: payload.school ?? '',
      date: payload.date,
      house: payload.house,
      startedAt: madeAt,
      startedByName: myName,
      finishedAt: null,
      finishedByName: null,
      note: '',
      marks: [],
      result: null,
      updatedAt: madeAt,
    }));
}

/** A roll finished on this phone is shown finished while the finish waits to be sent. */
export function isFinishing(call: RollCall, finishes: ReadonlyArray<OutboxEntry<WaitingFinish>>): boolean {
  return finishes.some((entry) => entry.payload.rollCallId === call.id);
}
