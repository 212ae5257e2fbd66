import type { User } from '#protocol/auth';
import type { Types } from 'mongoose';
import type { Role } from '#protocol/roles';
import { ADMIN_ROLE_CHANGES } from '#protocol/users';
import { deleteIfMatches, updateIfMatches } from '../../db/conditionalWrite';
import { badRequest, conflict, forbidden, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { UserModel, type UserDoc } from './model';
import { emitUserChange, emitUserDeleted, endUserAccess, presentWithSchool } from './service';

/**
 * What an Admin may do to the users of the school the request acts on (the Plattformadministrator
 * likewise, on the school they chose), never to themselves. State changes are conditional updates,
 * so two admins acting at once cannot both succeed.
 */

const NOT_FOUND = 'Fant ikke brukeren';

async function findManagedUser(actor: UserDoc, schoolId: Types.ObjectId, targetId: string): Promise<UserDoc> {
  const target = await UserModel.findOne({ _id: targetId, schoolId });
  if (!target) throw notFound(NOT_FOUND);
  if (target._id.equals(actor._id)) throw forbidden('Du kan ikke endre din egen konto');
  return target;
}

async function transition(
  actor: UserDoc,
  schoolId: Types.ObjectId,
  targetId: string,
  from: string,
  set: Record<string, unknown>,
  refusal: string,
) {
  const target = await findManagedUser(actor, schoolId, targetId);
  const updated = await updateIfMatches(
    UserModel,
    { _id: target._id, schoolId, status: from, role: target.role },
    { $set: set },
  );
  if (!updated) throw conflict(refusal);
  return updated;
}

export async function approveUser(actor: UserDoc, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<User> {
  const user = await transition(actor, schoolId, targetId, 'pending', { status: 'approved' }, 'Brukeren venter ikke på godkjenning');
  await audit(actor, 'user.approved', { id: user._id, name: user.name, schoolId });
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}

/** Rejecting deletes the registration, so the e-mail can register again. */
export async function rejectUser(actor: UserDoc, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  const target = await findManagedUser(actor, schoolId, targetId);
  const deleted = await deleteIfMatches(UserModel, { _id: target._id, schoolId, status: 'pending' });
  if (!deleted) throw conflict('Brukeren venter ikke på godkjenning');
  const id = deleted._id.toHexString();
  await audit(actor, 'user.rejected', { id, name: deleted.name, schoolId, detail: deleted.email });
  await endUserAccess(realtime, deleted._id, true);
  await emitUserDeleted(realtime, id, schoolId.toHexString());
  return { id };
}

export async function deactivateUser(actor: UserDoc, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<User> {
  const user = await transition(actor, schoolId, targetId, 'approved', { status: 'deactivated' }, 'Bare aktive brukere kan deaktiveres');
  await audit(actor, 'user.deactivated', { id: user._id, name: user.name, schoolId });
  await endUserAccess(realtime, user._id, true);
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}

export async function changeUserRole(actor: UserDoc, schoolId: Types.ObjectId, targetId: string, role: Role, realtime: Realtime): Promise<User> {
  const target = await findManagedUser(actor, schoolId, targetId);
  if (target.status !== 'approved') throw conflict('Bare aktive brukere kan få ny rolle');
  if (!ADMIN_ROLE_CHANGES[target.role as Role]?.includes(role)) {
    throw badRequest(`En ${target.role} kan ikke endres til ${role}`);
  }
  const user = await transition(actor, schoolId, targetId, 'approved', { role }, 'Brukeren ble endret av noen andre. Prøv igjen.');
  await audit(actor, 'user.roleChanged', { id: user._id, name: user.name, schoolId, detail: `${target.role} → ${role}` });
  // The user's rooms were chosen for the old role: reconnecting puts them in the right ones.
  await endUserAccess(realtime, user._id, false);
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}

export async function deleteUser(actor: UserDoc, schoolId: Types.ObjectId, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  const target = await findManagedUser(actor, schoolId, targetId);
  const deleted = await deleteIfMatches(UserModel, { _id: target._id, schoolId });
  if (!deleted) throw conflict('Brukeren ble endret av noen andre. Prøv igjen.');
  const id = deleted._id.toHexString();
  await audit(actor, 'user.deleted', { id, name: deleted.name, schoolId, detail: deleted.email });
  await endUserAccess(realtime, deleted._id, true);
  await emitUserDeleted(realtime, id, schoolId.toHexString());
  return { id };
}
