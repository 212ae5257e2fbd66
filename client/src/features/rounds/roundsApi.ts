import { readPaths, taskRoundsSchema, type TaskRounds } from '#protocol';
import { getData } from '../../api/http';

/** Who ticked which round of the open report day, for the board of every role. */
export function fetchTaskRounds(schoolId: string | null): Promise<TaskRounds | null> {
  return getData(readPaths.taskRounds(schoolId), taskRoundsSchema);
}
