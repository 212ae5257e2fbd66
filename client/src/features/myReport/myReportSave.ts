import { TASK_IDS, type MyReport, type TaskId } from '#protocol';
import { errorCode, serverMessage } from '../../api/http';

/**
 * How a save of my report ended, for the screen to tell (the store only reports it):
 * saved (or nothing was left to save); refused because the day closed, the 08:30–09:00 window,
 * another day, or a text saved elsewhere meanwhile; or failed.
 */
export type SaveOutcome =
  | { kind: 'saved' }
  /** Saved after merging with a text saved elsewhere meanwhile: no line was changed on both. */
  | { kind: 'merged' }
  | { kind: 'nothingToSave' }
  | { kind: 'locked' }
  | { kind: 'resetWindow' }
  | { kind: 'wrongDay' }
  /** The text changed elsewhere since it was loaded: both are shown until the writer chooses. */
  | { kind: 'conflict' }
  /** No network (or others wait before it): kept on the device and sent once on line. */
  | { kind: 'waiting' }
  /** A round made off line whose time the server found implausible (the device's clock): not recorded. */
  | { kind: 'tickTimeRefused'; serverText: string }
  | { kind: 'failed'; serverText: string };

/** The outcome of a save the server refused, by its error code. */
export function refusal(error: unknown): SaveOutcome {
  const code = errorCode(error);
  if (code === 'reportLocked') return { kind: 'locked' };
  if (code === 'reportResetWindow') return { kind: 'resetWindow' };
  if (code === 'reportWrongDay') return { kind: 'wrongDay' };
  if (code === 'tickInFuture' || code === 'tickOutsideDay') return { kind: 'tickTimeRefused', serverText: serverMessage(error, '') };
  return { kind: 'failed', serverText: serverMessage(error, '') };
}

/** Ids the server no longer knows are left out rather than refused on every save. */
export const isTaskId = (id: string): id is TaskId => (TASK_IDS as readonly string[]).includes(id);

/** The parts of a report a save or an event replaces. */
export function pickContent(source: Pick<MyReport, 'content' | 'completedTasks' | 'ticks' | 'awayStudents' | 'updatedAt' | 'version'>) {
  return {
    content: source.content,
    completedTasks: source.completedTasks,
    ticks: source.ticks,
    awayStudents: source.awayStudents,
    updatedAt: source.updatedAt,
    version: source.version,
  };
}
