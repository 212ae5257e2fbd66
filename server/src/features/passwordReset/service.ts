import type { FastifyRequest } from 'fastify';
import type { Types } from 'mongoose';
import { PASSWORD_RESET_TEXTS, RESET_LINK_HOURS, type PasswordResetBody, type PasswordResetLink } from '#protocol/passwordReset';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import type { Config } from '../../config';
import { trusted } from '../../db/trusted';
import { badRequest, conflict } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { hashPassword } from '../../core/accounts/passwords';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { endUserAccess } from '../../core/sessions/accessChanges';
import { schoolReach } from '../users/userChanges';
import type { ResetMailer } from './mailer';
import { removeAllFactors } from '../users/removeFactors';
import { resetMail } from './mailer';
import { forgetTrustedDevices } from '../../core/accounts/trustedDeviceModel';
import { consumeToken, issueLink, voidLinks } from './tokens';

/** Where a link points: PUBLIC_ORIGIN when set, else the origin the request came to. */
export function linkOrigin(request: FastifyRequest, config: Config): string {
  return config.publicOrigin ? new URL(config.publicOrigin).origin : ownAddress(request);
}

/** Without PUBLIC_ORIGIN (never in production with mail): the address the server listens on, never the request's Host. */
function ownAddress(request: FastifyRequest): string {
  const address = request.server.server.address();
  if (!address || typeof address === 'string') return 'http://localhost';
  const host = address.address === '127.0.0.1' || address.address === '::1' ? address.address : 'localhost';
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Whose password a link may set: an account of a school that is not deactivated, never a Plattformadministrator's. */
function mayReset(user: Pick<UserRecord, 'role' | 'status'>): boolean {
  return user.role !== PLATFORM_ADMIN_ROLE && user.status !== 'deactivated';
}

/**
 * An Admin's link for a user of the school, to hand over in person (the Plattformadministrator
 * likewise, on the school they chose): never their own account (change-password asks for the
 * current password, a link would not), never another school's user (404), never a deactivated one.
 */
export async function makeResetLink(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  targetId: string,
  origin: string,
): Promise<PasswordResetLink> {
  const target = await schoolReach(actor, schoolId).find(targetId);
  if (!mayReset(target)) throw conflict(PASSWORD_RESET_TEXTS.notForDeactivated);
  const link = await issueLink(target._id, origin, 'admin');
  await audit(actor, 'user.resetLinkMade', {
    id: target._id,
    name: target.name,
    schoolId: target.schoolId,
    detail: `Gyldig i ${RESET_LINK_HOURS} timer`,
  });
  return link;
}

/**
 * Sets the new password with a link that works, once: every session and live connection of the
 * user ends, their other links with them. Any link that does not work gets one answer and changes nothing.
 */
export async function resetPassword(body: PasswordResetBody, realtime: Realtime): Promise<{ email: string; factorsRemoved: boolean }> {
  // Hashed first, so a link that works and one that does not take the same time.
  const passwordHash = await hashPassword(body.newPassword);
  const invalid = () => badRequest(PASSWORD_RESET_TEXTS.linkInvalid, 'resetLinkInvalid');
  const link = await consumeToken(body.token);
  if (!link) throw invalid();
  const user = await UserModel.findOneAndUpdate(
    { _id: link.userId, role: trusted({ $ne: PLATFORM_ADMIN_ROLE }), status: trusted({ $ne: 'deactivated' }) },
    { $set: { passwordHash } },
    { new: true },
  ).lean();
  if (!user) throw invalid();
  await voidLinks(user._id);
  await forgetTrustedDevices(user._id);
  await audit(user, 'user.resetLinkUsed', { id: user._id, name: user.name, schoolId: user.schoolId });
  await endUserAccess(realtime, user._id, true, 'passwordReset', user.role);
  // Asked for (issue 43): every passkey and the app go too; kept otherwise, as the form says.
  const factorsRemoved = body.removeFactors === true && (await removeAllFactors(user, realtime));
  return { email: user.email, factorsRemoved };
}

/**
 * 'Glemt passord?': the mail to the address, if it is an account's that a link may reset. Runs
 * after the answer (ResetMailer.later), so an unknown address and a known one are answered alike.
 */
export async function mailResetLink(email: string, origin: string, mailer: ResetMailer): Promise<void> {
  const user = await UserModel.findOne({ email }).lean();
  // A registration waiting for approval gets no mail: anyone can make one, with any name and address.
  if (!user || !mayReset(user) || user.status !== 'approved') return;
  const { link } = await issueLink(user._id, origin, 'mail');
  await mailer.send(user.email, resetMail(link));
  await audit(SYSTEM_ACTOR, 'user.resetLinkMailed', { id: user._id, name: user.name, schoolId: user.schoolId });
}
