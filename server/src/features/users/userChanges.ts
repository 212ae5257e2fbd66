import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import type { Types } from 'mongoose';
import type { User } from '#protocol/auth';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import type { AuditAction } from '#protocol/audit';
import { badRequest, conflict, forbidden, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { UserModel, type UserDoc, type UserRecord } from '../../core/accounts/userModel';
import { emitUserChange, emitUserDeleted, presentWithSchool } from './service';
import { endUserAccess } from '../../core/sessions/accessChanges';
import { removeUsersData } from '../../core/removal/userRemoval';
import { endUsersSessions } from '../../core/sessions/sessionStore';

/**
 * The one way a user is changed or removed by someone else (an Admin on their school, the
 * Plattformadministrator on any school): find the user within reach, check the rule, write only
 * if nobody changed the user since it was read, log it, end what access the change takes away,
 * and tell everyone concerned. Two people acting at once cannot both succeed.
 */

const NOT_FOUND = 'Fant ikke brukeren';
export const CHANGED_MEANWHILE = 'Brukeren ble endret av noen andre. Prøv igjen.';

/** Which users an actor may change. */
export interface Reach {
  find(targetId: string): Promise<UserDoc>;
}

/** An Admin (or the Plattformadministrator acting as one): the users of one school, never themselves. */
export function schoolReach(actor: UserRecord, schoolId: Types.ObjectId): Reach {
  return {
    async find(targetId) {
      const target = await UserModel.findOne({ _id: targetId, schoolId });
      if (!target) throw notFound(NOT_FOUND);
      if (target._id.equals(actor._id)) throw forbidden('Du kan ikke endre din egen konto');
      return target;
    },
  };
}

/** The Plattformadministrator's own screens: any school's users, never a Plattformadministrator. */
export const platformReach: Reach = {
  async find(targetId) {
    const target = await UserModel.findById(targetId);
    if (!target) throw notFound(NOT_FOUND);
    if (target.role === PLATFORM_ADMIN_ROLE) throw forbidden('Plattformadministratorer kan ikke endres her');
    return target;
  },
};

/** The role changes a table allows, or a 400 naming both roles. */
export function checkRoleChange(table: Partial<Record<Role, readonly Role[]>>, from: Role, to: Role): void {
  if (!table[from]?.includes(to)) throw badRequest(`En ${from} kan ikke endres til ${to}`);
}

export interface UserChange {
  /** Throws when the rule refuses this user as it is now (e.g. not pending). */
  check?(target: UserRecord): void;
  set: Record<string, unknown>;
  action: AuditAction;
  detail?(target: UserRecord): string;
  /**
   * 'signOut': every session of the user ends, with its live connections: access lost, or rights
   * changed (approval, a new role or school), so the next sign-in asks for what the new rights need
   * and gets a new session id (issue 43).
   */
  access?: 'signOut';
  /** What the user's open screens are told when their connections close. */
  ends?: ServerSessionEndReason;
}

export async function changeUser(actor: UserRecord, reach: Reach, targetId: string, change: UserChange, realtime: Realtime): Promise<User> {
  const target = await reach.find(targetId);
  change.check?.(target);
  // Written only if the user is still as read (one atomic write): a change made meanwhile is not overwritten.
  const user = await UserModel.findOneAndUpdate(
    { _id: target._id, role: target.role, status: target.status, schoolId: target.schoolId },
    { $set: change.set },
    { new: true },
  );
  if (!user) throw conflict(CHANGED_MEANWHILE);
  // Logged under the school the user belonged to when it happened (the old one, when moved).
  const formerSchoolId = target.schoolId?.toHexString() ?? null;
  await audit(actor, change.action, { id: user._id, name: user.name, schoolId: formerSchoolId, ...detailOf(change, target) });
  if (change.access) {
    await endUserAccess(realtime, user._id, true, change.ends ?? 'deactivated', user.role);
  }
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented, formerSchoolId ? [formerSchoolId] : []);
  return presented;
}

interface UserRemoval {
  check?(target: UserRecord): void;
  action: AuditAction;
  /** 'rejected' for a registration turned down; otherwise 'deleted'. */
  ends?: 'rejected' | 'deleted';
}

/** Removes the user with every session and live connection; the e-mail is free again. */
export async function removeUser(
  actor: UserRecord,
  reach: Reach,
  targetId: string,
  removal: UserRemoval,
  realtime: Realtime,
): Promise<{ id: string }> {
  const target = await reach.find(targetId);
  removal.check?.(target);
  const deleted = await UserModel.findOneAndDelete({
    _id: target._id,
    role: target.role,
    status: target.status,
    schoolId: target.schoolId,
  });
  if (!deleted) throw conflict(CHANGED_MEANWHILE);
  const id = deleted._id.toHexString();
  const schoolId = deleted.schoolId?.toHexString() ?? null;
  // Everything of theirs goes with them (core/removal): sessions, passkeys and the app (a device
  // that still holds one signs in nobody), their devices' notifications, …
  // The reason first (as endUserAccess does), then their data.
  realtime.disconnectUser(id, removal.ends ?? 'deleted');
  await endUsersSessions([deleted._id], removal.ends ?? 'deleted');
  await removeUsersData([deleted._id]);
  await audit(actor, removal.action, { id, name: deleted.name, schoolId, detail: deleted.email });
  await emitUserDeleted(realtime, id, schoolId);
  return { id };
}

/** A refusal when the user is not in the status a change starts from. */
export function mustBe(status: string, refusal: string): (target: UserRecord) => void {
  return (target) => {
    if (target.status !== status) throw conflict(refusal);
  };
}

function detailOf(change: UserChange, target: UserRecord): { detail?: string } {
  return change.detail ? { detail: change.detail(target) } : {};
}
