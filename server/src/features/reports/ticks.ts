import type { TaskId } from '#protocol/taskButtons';

export type TaskTick = { taskId: TaskId; at: Date };

/** The ticks of exactly these rounds: a round already ticked keeps its time, a new one is ticked now. */
export function ticksOf(taskIds: readonly TaskId[], ticks: readonly TaskTick[], now: Date): TaskTick[] {
  return [...new Set(taskIds)].sort().map((taskId) => ticks.find((tick) => tick.taskId === taskId) ?? { taskId, at: now });
}

/** Whether a report's ticks are exactly these rounds. */
export function sameTicks(report: { taskTicks: readonly TaskTick[] }, taskIds: readonly TaskId[]): boolean {
  const wanted = [...new Set(taskIds)].sort();
  const have = report.taskTicks.map((tick) => tick.taskId).sort();
  return wanted.length === have.length && wanted.every((id, i) => id === have[i]);
}
