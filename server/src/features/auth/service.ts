import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordBody, LoginBody, LoginResponse, RegisterBody, User } from '../../../../protocol/src/auth';
import { PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE } from '../../../../protocol/src/roles';
import { TEXTS } from '../../../../protocol/src/texts';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { isSchoolActive, School } from '../schools/model';
import { normalizeEmail, UserModel, type UserDoc } from '../users/model';
import { presentUser } from '../users/present';
import { emitUserChange, presentWithSchool } from '../users/service';
import type { AccountLimiter } from './accountLimiter';
import { hashPassword, verifyPassword } from './passwords';
import { SessionModel } from './sessionModel';

/**
 * The login response names the session, but never with its secret id: the cookie stays
 * HttpOnly, and what the browser stores cannot be replayed as a credential.
 */
export function publicSessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

export async function login(request: FastifyRequest, body: LoginBody, limiter: AccountLimiter): Promise<LoginResponse> {
  const email = normalizeEmail(body.email);
  if (limiter.isBlocked(email)) throw new HttpError(429, TEXTS.tooManyAttempts);

  const user = await UserModel.findOne({ email });
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) {
    limiter.record(email);
    throw unauthorized(TEXTS.invalidCredentials);
  }
  limiter.reset(email);
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActive(user.schoolId))) {
    throw forbidden(TEXTS.schoolInactive);
  }

  await request.session.regenerate();
  request.session.userId = user._id.toHexString();
  request.session.signedInAt = Date.now();
  return {
    user: await presentWithSchool(user),
    sessionId: publicSessionHandle(request.session.sessionId),
    browserCompatible: true,
  };
}

export async function register(body: RegisterBody, realtime: Realtime): Promise<{ message: string }> {
  const school = await School.findOne({ _id: body.schoolId, active: true }).lean();
  if (!school) throw badRequest(TEXTS.unknownSchool);
  const email = normalizeEmail(body.email);
  if (await UserModel.exists({ email })) throw conflict(TEXTS.emailTaken);

  let user: UserDoc;
  try {
    user = await UserModel.create({
      name: body.name,
      email,
      passwordHash: await hashPassword(body.password),
      role: SUPERVISOR_ROLE,
      status: 'pending',
      schoolId: school._id,
    });
  } catch (err) {
    // Two registrations with the same address at once: the unique index decides.
    if ((err as { code?: unknown }).code === 11000) throw conflict(TEXTS.emailTaken);
    throw err;
  }
  await emitUserChange(realtime, 'users.registered', presentUser(user, school.name));
  return { message: TEXTS.registered };
}

export async function logout(request: FastifyRequest, realtime: Realtime): Promise<void> {
  const session = request.session;
  if (!session?.userId) return;
  const sessionId = session.sessionId;
  await session.destroy();
  realtime.disconnectSession(sessionId);
}

export async function me(user: UserDoc): Promise<{ user: User }> {
  return { user: await presentWithSchool(user) };
}

/** Changing the password also ends the user's other sessions, and their live connections. */
export async function changePassword(request: FastifyRequest, user: UserDoc, body: ChangePasswordBody, realtime: Realtime): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest(TEXTS.wrongCurrentPassword);
  }
  user.passwordHash = await hashPassword(body.newPassword);
  await user.save();
  await SessionModel.deleteMany({ userId: user._id, _id: { $ne: request.session.sessionId } });
  realtime.disconnectOtherSessions(user._id.toHexString(), request.session.sessionId);
}
