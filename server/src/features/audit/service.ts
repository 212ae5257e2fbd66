import { Types } from 'mongoose';
import type { AuditAction, AuditEntry } from '#protocol/audit';
import type { UserRecord } from '../../core/accounts/userModel';
import { AuditModel, type AuditDoc } from './model';
import { trusted } from '../../db/trusted';
import { appNow } from '../../appClock';

export type AuditTarget = {
  id: Types.ObjectId | string;
  name: string;
  schoolId: Types.ObjectId | string | null | undefined;
  detail?: string;
};

type Actor = Pick<UserRecord, '_id' | 'name'> & { role: string };

/** What the server does on its own (deleting health data after its retention period), in the trail as such. */
export const SYSTEM_ACTOR: Actor = {
  _id: new Types.ObjectId('000000000000000000000000'),
  name: 'Tilsynsvakt (automatisk)',
  role: 'System',
};

/** Records what an administrator did, after it succeeded, at the time on the app's clock. */
export async function audit(actor: Actor, action: AuditAction, target: AuditTarget): Promise<void> {
  await AuditModel.create({
    schoolId: target.schoolId ?? null,
    at: appNow(),
    actorId: actor._id,
    actorName: actor.name,
    actorRole: actor.role,
    action,
    targetId: String(target.id),
    targetName: target.name,
    detail: target.detail ?? '',
  });
}

function present(entry: AuditDoc): AuditEntry {
  return {
    id: entry._id.toHexString(),
    schoolId: entry.schoolId?.toHexString() ?? null,
    at: entry.at.toISOString(),
    actorName: entry.actorName,
    actorRole: entry.actorRole,
    action: entry.action as AuditAction,
    targetName: entry.targetName ?? '',
    detail: entry.detail ?? '',
  };
}

/** Newest first; one school's entries, or (null) every entry. */
export async function listAudit(schoolId: Types.ObjectId | null, page: { before?: string; limit: number }): Promise<AuditEntry[]> {
  const filter: Record<string, unknown> = schoolId ? { schoolId } : {};
  if (page.before) filter.at = trusted({ $lt: new Date(page.before) });
  // Entries of the same instant in the order they were written (an ObjectId grows with each).
  const entries = await AuditModel.find(filter).sort({ at: -1, _id: -1 }).limit(page.limit).lean<AuditDoc[]>();
  return entries.map(present);
}
