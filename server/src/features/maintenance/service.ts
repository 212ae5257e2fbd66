import type { Types } from 'mongoose';
import {
  compareRoomNumbers,
  MAINTENANCE_TEXTS,
  type CreateMaintenanceTaskBody,
  type MaintenanceStatus,
  type MaintenanceTask,
} from '#protocol/maintenance';
import { deletedCaseKeys, schoolData } from '../../cache/areas';
import { changed, readThrough } from '../../cache/readThrough';
import { createHash } from 'node:crypto';
import { POLICY } from '#protocol/policy';
import type { Role } from '#protocol/roles';
import { unlessDuplicate } from '../../db/duplicateKey';
import { conflict, gone, notFound, unprocessable } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { PushNotifier } from '../push/notifier';
import type { UserRecord } from '../../core/accounts/userModel';
import { DeletedKeyedTaskModel, MaintenanceTaskModel, type MaintenanceTaskDoc } from './model';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function present(task: MaintenanceTaskDoc): MaintenanceTask {
  return {
    id: task._id.toHexString(),
    schoolId: task.schoolId.toHexString(),
    roomNumber: task.roomNumber,
    description: task.description,
    status: task.status as MaintenanceStatus,
    createdByName: task.createdByName,
    createdAt: task.createdAt.toISOString(),
    completedByName: task.completedByName ?? null,
    completedAt: iso(task.completedAt),
    rejectedByName: task.rejectedByName ?? null,
    rejectedAt: iso(task.rejectedAt),
    updatedAt: task.updatedAt.toISOString(),
  };
}

/** Pending by room number; the archive newest action first (spec §2.5, §2.6). */
export async function listTasks(schoolId: Types.ObjectId, status: MaintenanceStatus | undefined): Promise<MaintenanceTask[]> {
  // Sorted once per change of the school's cases; the list is shared between requests, unchanged.
  return readThrough(schoolData(schoolId, MaintenanceTaskModel.modelName), `list:${status ?? 'all'}`, async () =>
    (
      await MaintenanceTaskModel.of(schoolId)
        .find(status ? { schoolId, status } : { schoolId })
        .lean<MaintenanceTaskDoc[]>()
    )
      .map(present)
      .sort(listOrder),
  );
}

/** Pending cases by room number; the rest newest-handled first, then by room. */
function listOrder(a: MaintenanceTask, b: MaintenanceTask): number {
  const actedAt = (t: MaintenanceTask) => t.completedAt ?? t.rejectedAt ?? '';
  return a.status === 'pending' && b.status === 'pending'
    ? compareRoomNumbers(a.roomNumber, b.roomNumber)
    : actedAt(b).localeCompare(actedAt(a)) || compareRoomNumbers(a.roomNumber, b.roomNumber);
}

/**
 * A new case, announced to the school's caretakers. Given an id (a keyed request's, see
 * `idempotentDocumentId`), a case already stored under it is given back as it is now, unannounced.
 */
/** Whether a keyed case of this id was deleted: from memory, read once per change (cache/areas.ts deletedCaseKeys). */
async function isKeyOfDeleted(schoolId: Types.ObjectId, id: Types.ObjectId): Promise<boolean> {
  const deleted = await readThrough(
    deletedCaseKeys(schoolId),
    'ids',
    async () =>
      new Set((await DeletedKeyedTaskModel.of(schoolId).find({}, { _id: 1 }).lean()).map((tombstone) => tombstone._id.toHexString())),
    { alsoFrom: [schoolData(schoolId, DeletedKeyedTaskModel.modelName)] },
  );
  return deleted.has(id.toHexString());
}

export async function createTask(
  schoolId: Types.ObjectId,
  creator: UserRecord,
  body: CreateMaintenanceTaskBody,
  realtime: Realtime,
  push: PushNotifier,
  id?: Types.ObjectId,
): Promise<MaintenanceTask> {
  const requestHash = id
    ? createHash('sha256')
        .update(JSON.stringify([body.roomNumber, body.description]))
        .digest('hex')
    : null;
  const fields = {
    schoolId,
    roomNumber: body.roomNumber,
    description: body.description,
    status: 'pending',
    createdByUserId: creator._id,
    createdByName: creator.name,
    requestHash,
  };
  if (id && (await isKeyOfDeleted(schoolId, id))) throw gone(MAINTENANCE_TEXTS.keyOfDeleted);
  const { doc, made } = id
    ? await MaintenanceTaskModel.insertOnce(schoolId, id, fields)
    : { doc: await MaintenanceTaskModel.insert(schoolId, fields), made: true };
  if (!made && doc.requestHash !== requestHash) throw unprocessable(MAINTENANCE_TEXTS.keyReused, 'idempotencyKeyReused');
  const presented = present(doc);
  if (made) {
    realtime.toSchool(schoolId.toHexString(), 'maintenanceTasks.created', presented);
    push.caseCreated(schoolId.toHexString(), presented, who(creator));
  }
  // A replay tells no more than the first answer did to a caller who cannot read the case list.
  if (!made && !POLICY.maintenance.see.roles.includes(creator.role as Role)) return asMade(presented);
  return presented;
}

const who = (user: UserRecord) => ({ id: user._id.toHexString(), name: user.name });

/** The case as it was the moment it was made: pending, nobody's but its writer's. */
function asMade(task: MaintenanceTask): MaintenanceTask {
  return {
    ...task,
    status: 'pending',
    completedByName: null,
    completedAt: null,
    rejectedByName: null,
    rejectedAt: null,
    updatedAt: task.createdAt,
  };
}

/** A case by id in the school the request acts on. */
async function findTask(schoolId: Types.ObjectId, id: string): Promise<MaintenanceTaskDoc> {
  const task = await MaintenanceTaskModel.of(schoolId).findOne({ _id: id, schoolId });
  if (!task) throw notFound(MAINTENANCE_TEXTS.notFound);
  return task;
}

/** Only a pending task is completed or rejected, once: of two caretakers at once, one wins. */
export async function resolveTask(
  schoolId: Types.ObjectId,
  id: string,
  outcome: 'completed' | 'rejected',
  actor: UserRecord,
  now: Date,
  realtime: Realtime,
  push: PushNotifier,
): Promise<MaintenanceTask> {
  const task = await findTask(schoolId, id);
  const set = outcome === 'completed' ? { completedByName: actor.name, completedAt: now } : { rejectedByName: actor.name, rejectedAt: now };
  const Task = MaintenanceTaskModel.of(task.schoolId);
  // Only a pending case: of two people closing it at once, one wins and the other is told (the write is atomic on either engine).
  const updated = await Task.findOneAndUpdate({ _id: task._id, status: 'pending' }, { $set: { status: outcome, ...set } }, { new: true });
  if (!updated) {
    const current = await Task.findById(task._id, { status: 1 }).lean();
    if (!current) throw notFound(MAINTENANCE_TEXTS.notFound);
    throw conflict(current.status === 'rejected' ? MAINTENANCE_TEXTS.alreadyRejected : MAINTENANCE_TEXTS.alreadyCompleted);
  }
  const presented = present(updated);
  realtime.toSchool(updated.schoolId.toHexString(), 'maintenanceTasks.updated', presented);
  push.caseResolved(updated.schoolId.toHexString(), presented, who(actor), updated.createdByUserId.toHexString());
  return presented;
}

export async function deleteTask(
  schoolId: Types.ObjectId,
  id: string,
  actor: UserRecord,
  realtime: Realtime,
  push: PushNotifier,
): Promise<{ id: string }> {
  const task = await findTask(schoolId, id);
  // Its key, sent again, finds it gone rather than making it anew (written first: a replay in between finds one or the other).
  if (task.requestHash) {
    await unlessDuplicate(
      () => DeletedKeyedTaskModel.insert(task.schoolId, { _id: task._id, schoolId: task.schoolId }),
      () => null,
    );
    await changed(deletedCaseKeys(task.schoolId));
  }
  if (!(await MaintenanceTaskModel.of(task.schoolId).findOneAndDelete({ _id: task._id }))) throw notFound(MAINTENANCE_TEXTS.notFound);
  realtime.toSchool(task.schoolId.toHexString(), 'maintenanceTasks.deleted', { id });
  if (task.status === 'pending') push.caseDeleted(task.schoolId.toHexString(), present(task), who(actor));
  return { id };
}
