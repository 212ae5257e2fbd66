import type { Types } from 'mongoose';
import type { UserRecord } from '../../core/accounts/userModel';
import { awayOnDay } from '../away/service';
import { getTasksConfig } from '../taskButtons/service';
import { ReportModel, reportIdFor, type ReportDoc } from '../reports/model';
import { newTick, ticksWithIds, withTick } from '../reports/ticks';
import type { DemoTick } from './demoPlan';

/**
 * A night's ticks of one supervisor's report, as tickMyTask records each (reports/service.ts):
 * its id, its time, the round's label as the school has it now, the day's away list; written in
 * one write instead of one per tick, which keeps the demo's first start quick.
 */
export async function recordRounds(schoolId: Types.ObjectId, author: UserRecord, date: string, ticks: readonly DemoTick[]): Promise<void> {
  const labels = new Map<string, string>((await getTasksConfig(schoolId)).buttons.map((button) => [button.id, button.label]));
  const labelOf = (taskId: string) => labels.get(taskId) ?? `Oppgave ${taskId}`;
  const _id = reportIdFor(schoolId, author._id, date);
  const Report = ReportModel.of(schoolId);
  const existing = await Report.findById(_id).lean<ReportDoc>();
  const taskTicks = ticks.reduce((all, tick) => withTick(all, newTick(tick.taskId, tick.at, labelOf, tick.tickId)), ticksWithIds(existing));
  const set = { taskTicks, awayStudents: await awayOnDay(schoolId, date), authorName: author.name };
  if (existing) await Report.updateOne({ _id, writes: existing.writes }, { $set: set, $inc: { writes: 1 } });
  else await Report.create({ _id, schoolId, authorUserId: author._id, date, content: '', ...set, writes: 1 });
}
