import type { Types } from 'mongoose';
import type { TaskRounds } from '#protocol/reports';
import type { TaskId } from '#protocol/taskButtons';
import { schoolData } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';
import { ReportModel } from './model';

/** The shared board of a report day: per task, the supervisor who ticked it last, and when. */
export function taskRounds(schoolId: Types.ObjectId, date: string): Promise<TaskRounds> {
  return readThrough(schoolData(schoolId, ReportModel.modelName), `rounds:${date}`, () => readTaskRounds(schoolId, date));
}

async function readTaskRounds(schoolId: Types.ObjectId, date: string): Promise<TaskRounds> {
  const reports = await ReportModel.of(schoolId).find({ schoolId, date }, { authorUserId: 1, authorName: 1, taskTicks: 1 }).lean();
  const latest = new Map<string, TaskRounds['rounds'][number]>();
  for (const report of reports) {
    for (const tick of report.taskTicks) {
      const at = tick.at.toISOString();
      const known = latest.get(tick.taskId);
      if (!known || known.at < at) {
        latest.set(tick.taskId, {
          taskId: tick.taskId as TaskId,
          userId: report.authorUserId.toHexString(),
          userName: report.authorName,
          at,
        });
      }
    }
  }
  return { schoolId: schoolId.toHexString(), date, rounds: [...latest.values()].sort((a, b) => a.taskId.localeCompare(b.taskId)) };
}
