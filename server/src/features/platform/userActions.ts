import type { User } from '#protocol/auth';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { PLATFORM_ROLE_CHANGES, type CreateUserBody } from '#protocol/users';
import { deleteIfMatches, updateIfMatches } from '../../db/conditionalWrite';
import { badRequest, conflict, forbidden, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import { School } from '../schools/model';
import { normalizeEmail, UserModel, type UserDoc } from '../users/model';
import { emitUserChange, emitUserDeleted, endUserAccess, presentWithSchool } from '../users/service';
import { unlessDuplicate } from '../../db/duplicateKey';

/** What the Plattformadministrator may do to any school's users; never to a Plattformadministrator. */

async function findSchoolUser(targetId: string): Promise<UserDoc> {
  const target = await UserModel.findById(targetId);
  if (!target) throw notFound('Fant ikke brukeren');
  if (target.role === PLATFORM_ADMIN_ROLE) throw forbidden('Plattformadministratorer kan ikke endres her');
  return target;
}

/** Saves only if nobody changed the user since it was read. */
async function saveIfUnchanged(target: UserDoc, set: Record<string, unknown>): Promise<UserDoc> {
  const updated = await updateIfMatches(
    UserModel,
    { _id: target._id, role: target.role, status: target.status, schoolId: target.schoolId },
    { $set: set },
  );
  if (!updated) throw conflict('Brukeren ble endret av noen andre. Prøv igjen.');
  return updated;
}

export async function createUser(body: CreateUserBody, realtime: Realtime): Promise<User> {
  if (!(await School.exists({ _id: body.schoolId }))) throw badRequest(TEXTS.unknownSchool);
  const email = normalizeEmail(body.email);
  if (await UserModel.exists({ email })) throw conflict(TEXTS.emailTaken);
  const passwordHash = await hashPassword(body.password);
  const user: UserDoc = await unlessDuplicate(
    () => UserModel.create({ name: body.name, email, passwordHash, role: body.role, status: 'approved', schoolId: body.schoolId }),
    () => {
      throw conflict(TEXTS.emailTaken);
    },
  );
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.created', presented);
  return presented;
}

export async function changeRole(actor: UserDoc, targetId: string, role: Role, realtime: Realtime): Promise<User> {
  const target = await findSchoolUser(targetId);
  if (!PLATFORM_ROLE_CHANGES[target.role as Role]?.includes(role)) {
    throw badRequest(`En ${target.role} kan ikke endres til ${role}`);
  }
  const user = await saveIfUnchanged(target, { role });
  await audit(actor, 'user.roleChanged', { id: user._id, name: user.name, schoolId: user.schoolId, detail: `${target.role} → ${role}` });
  await endUserAccess(realtime, user._id, false);
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}

export async function changeStatus(actor: UserDoc, targetId: string, status: 'approved' | 'deactivated', realtime: Realtime): Promise<User> {
  const target = await findSchoolUser(targetId);
  if (target.status === status) throw conflict(status === 'approved' ? 'Brukeren er allerede aktiv' : 'Brukeren er allerede deaktivert');
  const user = await saveIfUnchanged(target, { status });
  await audit(actor, status === 'approved' ? 'user.reactivated' : 'user.deactivated', { id: user._id, name: user.name, schoolId: user.schoolId });
  if (status === 'deactivated') await endUserAccess(realtime, user._id, true);
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented);
  return presented;
}

/** Moves only the user: what they wrote stays with the old school. */
export async function transferUser(actor: UserDoc, targetId: string, schoolId: string, realtime: Realtime): Promise<User> {
  const target = await findSchoolUser(targetId);
  if (target.schoolId?.toHexString() === schoolId) throw badRequest('Brukeren tilhører allerede denne skolen');
  const destination = await School.findOne({ _id: schoolId, active: true }, { name: 1 }).lean();
  if (!destination) throw badRequest(TEXTS.unknownSchool);
  const oldSchoolId = target.schoolId?.toHexString() ?? null;
  const user = await saveIfUnchanged(target, { schoolId });
  await audit(actor, 'user.transferred', { id: user._id, name: user.name, schoolId: oldSchoolId, detail: `til ${destination.name}` });
  await endUserAccess(realtime, user._id, false);
  const presented = await presentWithSchool(user);
  await emitUserChange(realtime, 'users.updated', presented, oldSchoolId ? [oldSchoolId] : []);
  return presented;
}

export async function deleteUser(actor: UserDoc, targetId: string, realtime: Realtime): Promise<{ id: string }> {
  const target = await findSchoolUser(targetId);
  if (!(await deleteIfMatches(UserModel, { _id: target._id }))) throw conflict('Brukeren ble endret av noen andre. Prøv igjen.');
  const id = target._id.toHexString();
  await audit(actor, 'user.deleted', { id, name: target.name, schoolId: target.schoolId, detail: target.email });
  await endUserAccess(realtime, target._id, true);
  await emitUserDeleted(realtime, id, target.schoolId?.toHexString() ?? null);
  return { id };
}
