import type { TaskId } from '#protocol';
import type { OutboxEntry } from '../../stores/outbox';

/** A round ticked or unticked off line, waiting in the outbox. */
export type WaitingTick = { date: string; taskId: TaskId; done: boolean };
export const TICK_KIND = 'tick';

/** The ticks to show for a day: the known ones with those still waiting to be sent applied, in order. */
export function withWaitingTicks(ticks: readonly string[], waiting: ReadonlyArray<OutboxEntry>, day: string): TaskId[] {
  const shown = new Set(ticks as TaskId[]);
  for (const entry of waiting) {
    if (entry.kind !== TICK_KIND) continue;
    const tick = entry.payload as WaitingTick;
    if (tick.date !== day) continue;
    if (tick.done) shown.add(tick.taskId);
    else shown.delete(tick.taskId);
  }
  return [...shown].sort();
}
