import type { Types } from 'mongoose';
import { defaultTaskButtons, TASK_IDS, type TaskButton, type TasksConfig } from '#protocol/taskButtons';
import type { Realtime } from '../../realtime/realtime';
import { TaskConfig } from './model';

/** The school's buttons in id order; labels it never set fall back to the defaults. */
export async function getTaskButtons(schoolId: Types.ObjectId): Promise<TaskButton[]> {
  const config = await TaskConfig.of(schoolId).findOne({ schoolId }).lean();
  const defaults = defaultTaskButtons();
  if (!config) return defaults;
  return TASK_IDS.map((id, i) => config.buttons.find((b) => b.id === id) ?? defaults[i]!) as TaskButton[];
}

export async function saveTaskButtons(schoolId: Types.ObjectId, buttons: TaskButton[], realtime: Realtime): Promise<TasksConfig> {
  const ordered = TASK_IDS.map((id) => ({ id, label: buttons.find((b) => b.id === id)!.label }));
  await TaskConfig.of(schoolId).findOneAndUpdate({ schoolId }, { $set: { buttons: ordered } }, { upsert: true });
  const config = { schoolId: schoolId.toHexString(), buttons: ordered };
  realtime.toSchool(schoolId.toHexString(), 'taskButtons.updated', config);
  return config;
}
