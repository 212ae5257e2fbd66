import type { Types } from 'mongoose';
import type { TaskRounds } from '#protocol/reports';
import type { TaskId } from '#protocol/taskButtons';
import { schoolData } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';
import { ReportModel } from './model';

/** The shared board of a report day: every tick of every supervisor, who and when, in time order. */
export function taskRounds(schoolId: Types.ObjectId, date: string): Promise<TaskRounds> {
  return readThrough(schoolData(schoolId, ReportModel.modelName), `rounds:${date}`, () => readTaskRounds(schoolId, date));
}

async function readTaskRounds(schoolId: Types.ObjectId, date: string): Promise<TaskRounds> {
  const reports = await ReportModel.of(schoolId).find({ schoolId, date }, { authorUserId: 1, authorName: 1, taskTicks: 1 }).lean();
  const rounds: TaskRounds['rounds'] = [];
  for (const report of reports) {
    for (const tick of report.taskTicks) {
      rounds.push({
        taskId: tick.taskId as TaskId,
        userId: report.authorUserId.toHexString(),
        userName: report.authorName,
        at: tick.at.toISOString(),
        tickId: tick.id,
      });
    }
  }
  rounds.sort((a, b) => a.at.localeCompare(b.at) || a.taskId.localeCompare(b.taskId) || a.tickId.localeCompare(b.tickId));
  return { schoolId: schoolId.toHexString(), date, rounds };
}
