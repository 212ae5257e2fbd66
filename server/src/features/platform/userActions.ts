import type { User } from '#protocol/auth';
import type { Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { PLATFORM_ROLE_CHANGES, type CreateUserBody } from '#protocol/users';
import { badRequest, conflict } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { hashPassword } from '../../core/accounts/passwords';
import { findActiveSchool } from '../../core/accounts/activeSchools';
import { School } from '../../core/accounts/schoolModel';
import { normalizeEmail, UserModel, type UserRecord } from '../../core/accounts/userModel';
import { emitUserChange, presentWithSchool } from '../users/service';
import { changeUser, checkRoleChange, platformReach, removeUser, type UserChange } from '../users/userChanges';
import { unlessDuplicate } from '../../db/duplicateKey';

/** What the Plattformadministrator may do to any school's users; never to a Plattformadministrator. */

export async function createUser(body: CreateUserBody, realtime: Realtime): Promise<User> {
  if (!(await School.exists({ _id: body.schoolId }))) throw badRequest(TEXTS.unknownSchool);
  const email = normalizeEmail(body.email);
  if (await UserModel.exists({ email })) throw conflict(TEXTS.emailTaken);
  const passwordHash = await hashPassword(body.password);
  const user: UserRecord = await unlessDuplicate(
    () => UserModel.create({ name: body.name, email, passwordHash, role: body.role, status: 'approved', schoolId: body.schoolId }),
    () => {
      throw conflict(TEXTS.emailTaken);
    },
  );
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.created', presented);
  return presented;
}

export function changeRole(actor: UserRecord, targetId: string, role: Role, realtime: Realtime): Promise<User> {
  const change = {
    check: (target: UserRecord) => checkRoleChange(PLATFORM_ROLE_CHANGES, target.role as Role, role),
    set: { role },
    action: 'user.roleChanged',
    detail: (target: UserRecord) => `${target.role} → ${role}`,
    access: 'signOut',
    ends: 'roleChanged',
  } as const;
  return changeUser(actor, platformReach, targetId, change, realtime);
}

export function changeStatus(actor: UserRecord, targetId: string, status: 'approved' | 'deactivated', realtime: Realtime): Promise<User> {
  const change: UserChange = {
    check: (target: UserRecord) => {
      if (target.status === status)
        throw conflict(status === 'approved' ? 'Brukeren er allerede aktiv' : 'Brukeren er allerede deaktivert');
    },
    set: { status },
    action: status === 'approved' ? 'user.reactivated' : 'user.deactivated',
    // Reactivated, the status screen's session gets the rights back only through a new sign-in.
    access: 'signOut',
    ends: status === 'deactivated' ? 'deactivated' : 'approved',
  };
  return changeUser(actor, platformReach, targetId, change, realtime);
}

/** Moves only the user: what they wrote stays with the old school. */
export async function transferUser(actor: UserRecord, targetId: string, schoolId: string, realtime: Realtime): Promise<User> {
  const destination = await findActiveSchool(schoolId);
  const change = {
    check: (target: UserRecord) => {
      if (target.schoolId?.toHexString() === schoolId) throw badRequest('Brukeren tilhører allerede denne skolen');
      if (!destination) throw badRequest(TEXTS.unknownSchool);
    },
    set: { schoolId },
    action: 'user.transferred',
    detail: () => `til ${destination?.name ?? ''}`,
    access: 'signOut',
    ends: 'transferred',
  } as const;
  return changeUser(actor, platformReach, targetId, change, realtime);
}

export function deleteUser(actor: UserRecord, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  return removeUser(actor, platformReach, targetId, { action: 'user.deleted' }, realtime);
}
