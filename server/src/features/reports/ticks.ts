import { randomUUID } from 'node:crypto';
import type { Types } from 'mongoose';
import type { TaskId } from '#protocol/taskButtons';

/** One tick of a round: its own id, when it was done, and the round's label as it read then. */
export type TaskTick = { id: string; taskId: TaskId; at: Date; label: string };

type StoredTick = { id?: string | null; taskId: string; at: Date; label?: string | null };

/**
 * A report's ticks as stored, each with an id: one stored without (an older client's, written
 * after migration 3) gets the id that migration gives, the same at every read.
 */
export function ticksWithIds(report: { _id: Types.ObjectId; taskTicks?: readonly StoredTick[] | null } | null | undefined): TaskTick[] {
  if (!report) return [];
  return (report.taskTicks ?? []).map((tick) => ({
    id: tick.id || `${report._id.toHexString()}-${tick.taskId}-${tick.at.getTime()}`,
    // Any stored round, not only today's six (a report keeps what an older client wrote).
    taskId: tick.taskId as TaskId,
    at: tick.at,
    label: tick.label ?? '',
  }));
}

/** A round's label as the school has it now, for a new tick's record. */
export type LabelOf = (taskId: TaskId) => string;

const byTime = (a: TaskTick, b: TaskTick) =>
  a.at.getTime() - b.at.getTime() || a.taskId.localeCompare(b.taskId) || a.id.localeCompare(b.id);

export function newTick(taskId: TaskId, at: Date, labelOf: LabelOf, id: string = randomUUID()): TaskTick {
  return { id, taskId, at, label: labelOf(taskId) };
}

/**
 * The spec's list of rounds (PUT /api/reports/my): a client written from the spec knows one state
 * per round, done or not. A round in the list that has ticks keeps all of them, a round new to
 * the list is ticked now, and a round left out is no longer done: its ticks go.
 */
export function ticksOf(taskIds: readonly TaskId[], ticks: readonly TaskTick[], now: Date, labelOf: LabelOf): TaskTick[] {
  const wanted = new Set(taskIds);
  const kept = ticks.filter((tick) => wanted.has(tick.taskId));
  const added = [...wanted].filter((taskId) => !kept.some((tick) => tick.taskId === taskId)).map((taskId) => newTick(taskId, now, labelOf));
  return [...kept, ...added].sort(byTime);
}

/** Whether a report's ticked rounds are exactly these (however many times each was done). */
export function sameTicks(report: { taskTicks: readonly TaskTick[] }, taskIds: readonly TaskId[]): boolean {
  const wanted = [...new Set(taskIds)].sort();
  const have = [...new Set(report.taskTicks.map((tick) => tick.taskId))].sort();
  return wanted.length === have.length && wanted.every((id, i) => id === have[i]);
}

/** The ticks with one more, in time order. */
export function withTick(ticks: readonly TaskTick[], tick: TaskTick): TaskTick[] {
  return [...ticks, tick].sort(byTime);
}

/** The ticks without the one named, or else without the latest of the round; null when there is none to take back. */
export function withoutTick(ticks: readonly TaskTick[], taskId: TaskId, tickId?: string): TaskTick[] | null {
  const ofRound = ticks.filter((tick) => tick.taskId === taskId);
  const gone = tickId ? ofRound.find((tick) => tick.id === tickId) : [...ofRound].sort(byTime).at(-1);
  return gone ? ticks.filter((tick) => tick !== gone) : null;
}
