import { Types } from 'mongoose';
import { auditActionsOf, type AuditAction, type AuditActor, type AuditEntry, type AuditKind } from '#protocol/audit';
import type { UserRecord } from '../../core/accounts/userModel';
import { AuditModel, type AuditDoc } from './model';
import { trusted } from '../../db/trusted';
import { appNow } from '../../appClock';
import { compareNames } from '#protocol/collation';

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

/** Newest first; one school's entries, or (null) every entry; of one kind of change and one person, if asked. */
export async function listAudit(
  schoolId: Types.ObjectId | null,
  page: { before?: string; beforeId?: string; limit: number; kind?: AuditKind; actorId?: string },
): Promise<AuditEntry[]> {
  const filter: Record<string, unknown> = schoolId ? { schoolId } : {};
  if (page.before && page.beforeId) {
    const at = new Date(page.before);
    filter.$or = [{ at: trusted({ $lt: at }) }, { at, _id: trusted({ $lt: new Types.ObjectId(page.beforeId) }) }];
  } else if (page.before) filter.at = trusted({ $lt: new Date(page.before) });
  if (page.kind) filter.action = trusted({ $in: auditActionsOf(page.kind) });
  if (page.actorId) filter.actorId = new Types.ObjectId(page.actorId);
  // Entries of the same instant in the order they were written (an ObjectId grows with each).
  const entries = await AuditModel.find(filter).sort({ at: -1, _id: -1 }).limit(page.limit).lean<AuditDoc[]>();
  return entries.map(present);
}

/**
 * Everyone who made a change in the school's trail (or, null, anyone's), by the name and role of
 * their latest entry, in name order: what Endringslogg's person filter offers.
 */
export async function listAuditActors(schoolId: Types.ObjectId | null): Promise<AuditActor[]> {
  const ids = (await AuditModel.distinct('actorId', schoolId ? { schoolId } : {})) as Types.ObjectId[];
  const actors = await Promise.all(
    ids.map(async (actorId) => {
      const latest = await AuditModel.findOne({ ...(schoolId ? { schoolId } : {}), actorId }, { actorName: 1, actorRole: 1 })
        .sort({ at: -1, _id: -1 })
        .lean<Pick<AuditDoc, 'actorName' | 'actorRole'>>();
      return { id: actorId.toHexString(), name: latest?.actorName ?? '', role: latest?.actorRole ?? '' };
    }),
  );
  return actors.sort((a, b) => compareNames(a.name, b.name));
}
