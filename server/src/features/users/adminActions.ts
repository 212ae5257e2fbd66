import type { Types } from 'mongoose';
import type { User } from '#protocol/auth';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import { ADMIN_ROLE_CHANGES } from '#protocol/users';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { forbidden } from '../../httpError';
import { changeUser, checkRoleChange, mustBe, removeUser, schoolReach } from './userChanges';

/**
 * What an Admin may do to the users of the school the request acts on (the Plattformadministrator
 * likewise, on the school they chose), never to themselves.
 */

const NOT_PENDING = 'Brukeren venter ikke på godkjenning';

export function approveUser(actor: UserRecord, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<User> {
  // The pending session had the rights of a waiting account: the approved one begins with a new sign-in.
  const change = {
    check: mustBe('pending', NOT_PENDING),
    set: { status: 'approved' },
    action: 'user.approved',
    access: 'signOut',
    ends: 'approved',
  } as const;
  return changeUser(actor, schoolReach(actor, schoolId), targetId, change, realtime);
}

/** Rejecting deletes the registration, so the e-mail can register again. */
export function rejectUser(actor: UserRecord, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  return removeUser(
    actor,
    schoolReach(actor, schoolId),
    targetId,
    { check: mustBe('pending', NOT_PENDING), action: 'user.rejected', ends: 'rejected' },
    realtime,
  );
}

export function deactivateUser(actor: UserRecord, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<User> {
  const change = {
    check: mustBe('approved', 'Bare aktive brukere kan deaktiveres'),
    set: { status: 'deactivated' },
    action: 'user.deactivated',
    access: 'signOut',
    ends: 'deactivated',
  } as const;
  return changeUser(actor, schoolReach(actor, schoolId), targetId, change, realtime);
}

/**
 * 'Aktiver bruker' (issue 45): the school's Admin undoes a deactivation in their own school. The
 * session the person may still hold (their status screen) has no rights: they sign in again.
 */
export function reactivateUser(actor: UserRecord, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<User> {
  const change = {
    check: (target: UserRecord) => {
      if (target.role === PLATFORM_ADMIN_ROLE) throw forbidden('Plattformadministratorer kan ikke endres her');
      mustBe('deactivated', 'Bare deaktiverte brukere kan aktiveres')(target);
    },
    set: { status: 'approved' },
    action: 'user.reactivated',
    access: 'signOut',
    ends: 'approved',
  } as const;
  return changeUser(actor, schoolReach(actor, schoolId), targetId, change, realtime);
}

export function changeUserRole(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  targetId: string,
  role: Role,
  realtime: Realtime,
): Promise<User> {
  const change = {
    check: (target: UserRecord) => {
      mustBe('approved', 'Bare aktive brukere kan få ny rolle')(target);
      checkRoleChange(ADMIN_ROLE_CHANGES, target.role as Role, role);
    },
    set: { role },
    action: 'user.roleChanged',
    detail: (target: UserRecord) => `${target.role} → ${role}`,
    // The session was begun for the old role (its rooms, its second factor or none): a new sign-in for the new one.
    access: 'signOut',
    ends: 'roleChanged',
  } as const;
  return changeUser(actor, schoolReach(actor, schoolId), targetId, change, realtime);
}

export function deleteUser(actor: UserRecord, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  return removeUser(actor, schoolReach(actor, schoolId), targetId, { action: 'user.deleted' }, realtime);
}
