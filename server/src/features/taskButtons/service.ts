import type { Types } from 'mongoose';
import {
  defaultTaskButtons,
  TASK_IDS,
  TASK_LABELS_CONFLICT,
  type TaskButton,
  type TasksConfig,
  type TasksConfigBody,
} from '#protocol/taskButtons';
import { unlessDuplicate } from '../../db/duplicateKey';
import { atVersion } from '../../db/counterFilter';
import { editConflict } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { TaskConfig, type TaskConfigDoc } from './model';
import { audit } from '../audit/service';
import type { UserRecord } from '../../core/accounts/userModel';

/** The school's buttons in id order, and how many times they were saved; labels it never set fall back to the defaults. */
export async function getTasksConfig(schoolId: Types.ObjectId): Promise<TasksConfig> {
  const config = await TaskConfig.of(schoolId).findOne({ schoolId }).lean<TaskConfigDoc>();
  return presentConfig(schoolId, config);
}

function presentConfig(schoolId: Types.ObjectId, config: TaskConfigDoc | null): TasksConfig {
  const defaults = defaultTaskButtons();
  const buttons = config ? (TASK_IDS.map((id, i) => config.buttons.find((b) => b.id === id) ?? defaults[i]!) as TaskButton[]) : defaults;
  return { schoolId: schoolId.toHexString(), buttons: buttons.map(({ id, label }) => ({ id, label })), version: config?.version ?? 0 };
}

/**
 * Saves the six labels, on the version they were edited from when the save names one (one
 * conditional write; the first save creates the school's row): otherwise 409 with the labels as
 * they are now, unless they already read the same. A save that names no version is applied.
 */
export async function saveTaskButtons(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  buttons: TasksConfigBody['buttons'],
  baseVersion: number | undefined,
  realtime: Realtime,
): Promise<TasksConfig> {
  const ordered = TASK_IDS.map((id) => ({ id, label: buttons.find((b) => b.id === id)!.label }));
  const Config = TaskConfig.of(schoolId);
  const before = await getTasksConfig(schoolId);
  const update = () =>
    Config.findOneAndUpdate(
      { schoolId, ...atVersion(baseVersion) },
      { $set: { buttons: ordered }, $inc: { version: 1 } },
      { new: true },
    ).lean<TaskConfigDoc>();
  const create = () =>
    unlessDuplicate(
      async () => (await Config.create({ schoolId, buttons: ordered, version: 1 })).toObject() as TaskConfigDoc,
      () => null,
    );
  // The school's first save creates its row; naming no version, a row made meanwhile is updated.
  const saved = (await update()) ?? (baseVersion ? null : ((await create()) ?? (baseVersion === undefined ? await update() : null)));
  if (!saved) {
    const current = await getTasksConfig(schoolId);
    if (JSON.stringify(current.buttons) === JSON.stringify(ordered)) return current;
    throw editConflict(TASK_LABELS_CONFLICT, current);
  }
  const config = presentConfig(schoolId, saved);
  await auditRenames(actor, schoolId, before.buttons, config.buttons);
  realtime.toSchool(schoolId.toHexString(), 'taskButtons.updated', config);
  return config;
}

/**
 * Each renamed round in Endringslogg, old and new label. The labels read just before the save are
 * what it replaced: a save on a named version replaced exactly those (any other write of them
 * meanwhile would have changed the version).
 */
async function auditRenames(actor: UserRecord, schoolId: Types.ObjectId, before: TaskButton[], after: TaskButton[]): Promise<void> {
  for (const button of after) {
    const old = before.find((b) => b.id === button.id)?.label;
    if (old === undefined || old === button.label) continue;
    await audit(actor, 'taskButton.renamed', {
      id: button.id,
      name: button.label,
      schoolId,
      detail: `Oppgave ${button.id}: «${old}» → «${button.label}»`,
    });
  }
}
