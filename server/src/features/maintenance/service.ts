import type { Types } from 'mongoose';
import {
  compareRoomNumbers,
  MAINTENANCE_TEXTS,
  type CaseEvent,
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

type StoredEvent = { action: CaseEvent['action']; byName: string; at: Date; reason: string | null };

/**
 * What happened to a case after it was sent. A case closed before histories were kept has none
 * stored: its outcome is read from its fields.
 */
function storedHistory(task: MaintenanceTaskDoc): StoredEvent[] {
  const stored = (task.history ?? []) as StoredEvent[];
  if (stored.length > 0 || task.status === 'pending') return stored;
  return task.status === 'completed'
    ? [{ action: 'completed', byName: task.completedByName ?? '', at: task.completedAt ?? task.updatedAt, reason: null }]
    : [{ action: 'rejected', byName: task.rejectedByName ?? '', at: task.rejectedAt ?? task.updatedAt, reason: task.rejectReason ?? null }];
}

function presentHistory(task: MaintenanceTaskDoc): CaseEvent[] {
  const sent: CaseEvent = { action: 'created', byName: task.createdByName, at: task.createdAt.toISOString(), reason: null };
  return [
    sent,
    ...storedHistory(task).map((e) => ({ action: e.action, byName: e.byName, at: e.at.toISOString(), reason: e.reason ?? null })),
  ];
}

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
    rejectReason: task.rejectReason ?? null,
    history: presentHistory(task),
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

/** The cases one person sent in this school, newest first ('Mine saker'). */
export async function listOwnTasks(schoolId: Types.ObjectId, senderId: Types.ObjectId): Promise<MaintenanceTask[]> {
  return readThrough(schoolData(schoolId, MaintenanceTaskModel.modelName), `mine:${senderId.toHexString()}`, async () =>
    (await MaintenanceTaskModel.of(schoolId).find({ schoolId, createdByUserId: senderId }).lean<MaintenanceTaskDoc[]>())
      .map(present)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
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
    realtime.toOwner(creator._id.toHexString(), 'ownCases.saved', presented);
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
    rejectReason: null,
    history: task.history.slice(0, 1),
    updatedAt: task.createdAt,
  };
}

/** A case by id in the school the request acts on. */
async function findTask(schoolId: Types.ObjectId, id: string): Promise<MaintenanceTaskDoc> {
  const task = await MaintenanceTaskModel.of(schoolId).findOne({ _id: id, schoolId });
  if (!task) throw notFound(MAINTENANCE_TEXTS.notFound);
  return task;
}

/**
 * Only a pending task is completed or rejected, once: of two caretakers at once, one wins. A
 * rejection may carry a reason ('' is none); the sender sees the outcome at once.
 */
export async function resolveTask(
  schoolId: Types.ObjectId,
  id: string,
  outcome: 'completed' | 'rejected',
  actor: UserRecord,
  now: Date,
  realtime: Realtime,
  push: PushNotifier,
  reason?: string,
): Promise<MaintenanceTask> {
  const task = await findTask(schoolId, id);
  const rejectReason = outcome === 'rejected' && reason ? reason : null;
  const set =
    outcome === 'completed'
      ? { completedByName: actor.name, completedAt: now }
      : { rejectedByName: actor.name, rejectedAt: now, rejectReason };
  const step: StoredEvent = { action: outcome, byName: actor.name, at: now, reason: rejectReason };
  const Task = MaintenanceTaskModel.of(task.schoolId);
  // Only a pending case: of two people closing it at once, one wins and the other is told (the write is atomic on either engine).
  const updated = await Task.findOneAndUpdate(
    { _id: task._id, status: 'pending' },
    { $set: { status: outcome, ...set }, $push: { history: step } },
    { new: true },
  );
  if (!updated) {
    const current = await Task.findById(task._id, { status: 1 }).lean();
    if (!current) throw notFound(MAINTENANCE_TEXTS.notFound);
    throw conflict(current.status === 'rejected' ? MAINTENANCE_TEXTS.alreadyRejected : MAINTENANCE_TEXTS.alreadyCompleted);
  }
  const presented = present(updated);
  announceChange(realtime, updated, presented);
  push.caseResolved(updated.schoolId.toHexString(), presented, who(actor), updated.createdByUserId.toHexString());
  return presented;
}

/** A changed case: to those who work the school's cases, and to the person who sent it. */
function announceChange(realtime: Realtime, task: MaintenanceTaskDoc, presented: MaintenanceTask): void {
  realtime.toSchool(task.schoolId.toHexString(), 'maintenanceTasks.updated', presented);
  realtime.toOwner(task.createdByUserId.toHexString(), 'ownCases.saved', presented);
}

/**
 * A completed or rejected case back among the pending ones (issue 44), its earlier outcome kept in
 * its history. Of two people reopening it at once, one wins and the other is told.
 */
export async function reopenTask(
  schoolId: Types.ObjectId,
  id: string,
  actor: UserRecord,
  now: Date,
  realtime: Realtime,
): Promise<MaintenanceTask> {
  const task = await findTask(schoolId, id);
  if (task.status === 'pending') throw conflict(MAINTENANCE_TEXTS.notClosed);
  const history = [...storedHistory(task), { action: 'reopened', byName: actor.name, at: now, reason: null } satisfies StoredEvent];
  const cleared = { completedByName: null, completedAt: null, rejectedByName: null, rejectedAt: null, rejectReason: null };
  // Only as it was read: a case changed in between (reopened and closed again) is not rewritten from a stale history.
  const updated = await MaintenanceTaskModel.of(task.schoolId).findOneAndUpdate(
    { _id: task._id, status: task.status, updatedAt: task.updatedAt },
    { $set: { status: 'pending', ...cleared, history } },
    { new: true },
  );
  // Changed in between: read again (a case reopened meanwhile is then told to be pending).
  if (!updated) return reopenTask(schoolId, id, actor, now, realtime);
  const presented = present(updated);
  announceChange(realtime, updated, presented);
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
  realtime.toOwner(task.createdByUserId.toHexString(), 'ownCases.deleted', { id });
  if (task.status === 'pending') push.caseDeleted(task.schoolId.toHexString(), present(task), who(actor));
  return { id };
}
