import type { TaskId } from '#protocol';
import type { OutboxEntry } from '../../stores/outbox';
import type { WaitingRound } from '../taskButtons/TaskGrid';

/**
 * A round ticked off line, or my tick of it taken back, waiting in the outbox. `tickId` names the
 * tick (one sent twice is recorded once) or the one to take back; the entry's `madeAt` is sent as
 * the time the round was done.
 */
export type WaitingTick = { date: string; taskId: TaskId; done: boolean; tickId?: string };
export const TICK_KIND = 'tick';

/** The rounds I have done for a day: the known ones with those still waiting to be sent applied, in order. */
export function withWaitingTicks(ticks: readonly string[], waiting: ReadonlyArray<OutboxEntry>, day: string): TaskId[] {
  const shown = new Set(ticks as TaskId[]);
  for (const entry of waiting) {
    if (entry.kind !== TICK_KIND) continue;
    const tick = entry.payload as WaitingTick;
    if (tick.date !== day) continue;
    if (tick.done) shown.add(tick.taskId);
  }
  return [...shown].sort();
}

/** My waiting ticks of a day as the board shows them ('du 22:10 · venter på nett'). */
export function waitingRounds(waiting: ReadonlyArray<OutboxEntry<WaitingTick>>, day: string): WaitingRound[] {
  return waiting
    .filter((entry) => entry.payload.date === day)
    .map((entry) => ({ taskId: entry.payload.taskId, at: entry.madeAt, done: entry.payload.done }));
}
