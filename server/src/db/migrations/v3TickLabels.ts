import mongoose from 'mongoose';
import { defaultTaskButtons } from '#protocol/taskButtons';
import { schoolDatabasePrefix, schoolIdOfDatabase } from '../schoolDatabase';
import type { Migration } from './migration';
import { countNoun } from '#protocol/counting';

type StoredTick = { id?: string; taskId: string; at: Date; label?: string };

/**
 * A round may be ticked several times a night (issue 44): each tick gets an id of its own and the
 * label the round has now (the nearest to the label it was done under that is known), so that
 * later renames change no report.
 */
export const v3TickLabels: Migration = {
  version: 3,
  name: 'avkryssinger med navn og id',
  async up(log) {
    const prefix = schoolDatabasePrefix();
    const { databases } = await mongoose.connection.db!.admin().listDatabases({ nameOnly: true });
    let changed = 0;
    for (const { name } of databases) {
      if (!name.startsWith(prefix) || !schoolIdOfDatabase(name)) continue;
      // The collections as stored, not today's models: a migration describes the data of its time.
      const db = mongoose.connection.useDb(name, { useCache: true }).db!;
      const config = await db.collection<{ buttons?: Array<{ id: string; label: string }> }>('taskconfigs').findOne({});
      const labels = new Map(defaultTaskButtons().map((button) => [button.id as string, button.label]));
      for (const button of config?.buttons ?? []) labels.set(button.id, button.label);
      const reports = db.collection<{ taskTicks?: StoredTick[] }>('reports');
      for await (const report of reports.find({}, { projection: { taskTicks: 1 } })) {
        const ticks = report.taskTicks ?? [];
        if (ticks.every((tick) => tick.id && tick.label !== undefined)) continue;
        const taskTicks = ticks.map((tick) => ({
          id: tick.id ?? `${report._id.toHexString()}-${tick.taskId}-${new Date(tick.at).getTime()}`,
          taskId: tick.taskId,
          at: tick.at,
          label: tick.label ?? labels.get(tick.taskId) ?? `Oppgave ${tick.taskId}`,
        }));
        await reports.updateOne({ _id: report._id }, { $set: { taskTicks } });
        changed++;
      }
    }
    if (changed > 0) log(`${countNoun(changed, 'rapport', 'rapporter')} fikk navn og id på avkryssingene`);
  },
};
