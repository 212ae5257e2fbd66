import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { ChangePasswordBody, LoginBody, LoginResponse, RegisterBody, User } from '#protocol/auth';
import { PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE } from '#protocol/roles';
import { SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { schoolInactiveText, TEXTS } from '#protocol/texts';
import { badRequest, forbidden, serviceUnavailable, unauthorized } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { findActiveSchool, isSchoolActive } from '../../core/accounts/activeSchools';
import { derivedFromPrincipals } from '../../core/sessions/principalCache';
import { normalizeEmail, UserModel, type UserRecord } from '../../core/accounts/userModel';
import { presentUser } from '../../core/accounts/presentUser';
import { presentPlatformSchool } from '../schools/service';
import { emitUserChange, presentWithSchool } from '../users/service';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';
import { knownDevice, rememberDevice } from '../../core/sessions/deviceCookie';
import { accountPasswordKey } from './signInLimits';
import { hashPassword, verifyPassword } from '../../core/accounts/passwords';
import { endSessionsWhere } from '../../core/sessions/sessionStore';
import type { PushNotifier } from '../push/notifier';
import { removeDeviceSubscriptions } from '../push/subscriptions';
import { trusted } from '../../db/trusted';
import { endSession, sessionCookieName } from '../../plugins/session';
import type { SignInMethod } from '../../plugins/principals';
import { unlessDuplicate } from '../../db/duplicateKey';
import { describeDevice } from '../../core/sessions/device';
import { removeAllFactors } from '../users/removeFactors';
import { mailFactorChange } from '../../core/accounts/factorChangeMail';
import { forgetTrustedDevices } from '../../core/accounts/trustedDeviceModel';
import { publicSessionHandle } from '../../core/sessions/sessionHandle';

/**
 * Too many wrong passwords lock the account for the devices that got them wrong: an unknown
 * device counts against the account, a device that has signed in to it before only against
 * itself, so a colleague guessing cannot lock the owner out of their own phone.
 */
export async function login(
  request: FastifyRequest,
  reply: FastifyReply,
  body: LoginBody,
  limiter: AccountLimiter,
  config: Config,
  secondStep?: SecondStep,
): Promise<LoginResponse> {
  const email = normalizeEmail(body.email);
  const device = knownDevice(request, email, config);
  const key = device ? `${email}|device:${device}` : accountPasswordKey(email);
  await limiter.refuseIfBlocked(key);

  const user = await UserModel.findOne({ email });
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) {
    await limiter.record(key);
    throw unauthorized(TEXTS.invalidCredentials, 'invalidCredentials');
  }
  await limiter.reset(key);
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActive(user.schoolId))) {
    throw forbidden(schoolInactiveText(user.role), 'schoolInactive');
  }
  // An account with an authenticator app gets no session for the password alone: the code first.
  const step = secondStep ? await secondStep(request, user) : 'none';
  if (step === 'codeAsked') throw unauthorized(SECOND_FACTOR_TEXTS.codeNeeded, 'secondFactorRequired');
  return beginSession(request, reply, user, config, step === 'trustedDevice' ? 'passwordAndTrustedDevice' : 'password');
}

/**
 * Asked at password sign-in once the password is right (features/secondFactor): 'codeAsked' when it
 * has begun a second step instead of a session, 'trustedDevice' when this device may skip the code
 * (issue 44), 'none' when no code is asked of the account.
 */
export type SecondStep = (request: FastifyRequest, user: UserRecord) => Promise<'codeAsked' | 'trustedDevice' | 'none'>;

/**
 * The session every sign-in ends in (password, second factor, passkey, OpenID provider): a new
 * session id, the device remembered under the id it had for this account. It records how it was
 * signed in (`method`) and counts the person active from now (the idle limit, plugins/activity.ts).
 * `oidc`: the provider and its ID token, kept for signing out there too.
 */
export async function beginSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  config: Config,
  method: SignInMethod,
  oidc?: { providerId: string; idToken: string },
): Promise<LoginResponse> {
  // @fastify/session keeps no Secure session over what it sees as http: said, never a sign-in that silently gets no cookie.
  if (config.cookieSecure && request.protocol !== 'https') {
    request.log.error(
      'COOKIE_SECURE er på, men forespørselen kom over http: sett TRUST_PROXY til proxyen som tar imot https (docs/operations.md)',
    );
    throw serviceUnavailable(TEXTS.signInNeedsHttps);
  }
  const device = knownDevice(request, user.email, config);
  await request.session.regenerate();
  request.session.userId = user._id.toHexString();
  request.session.signedInAt = request.server.clock.now().getTime();
  request.session.client = { device: describeDevice(request.headers['user-agent']), ip: request.ip };
  request.session.method = method;
  request.session.lastActivityAt = request.server.clock.now().getTime();
  if (oidc) request.session.oidc = oidc;
  rememberDevice(reply, user.email, config, device ?? undefined);
  return {
    user: await presentWithSchool(user),
    sessionId: publicSessionHandle(request.session.sessionId),
    browserCompatible: true,
  };
}

/**
 * A self-registration, pending approval. The answer is the same whether the address is new or
 * taken (and the work too: the password is hashed either way), so the form does not tell anyone
 * who has an account here.
 */
export async function register(
  body: RegisterBody,
  realtime: Realtime,
  push: PushNotifier,
): Promise<{ answer: { message: string }; takenAddress: string | null }> {
  const school = await findActiveSchool(body.schoolId);
  if (!school) throw badRequest(TEXTS.unknownSchool);
  const email = normalizeEmail(body.email);
  const passwordHash = await hashPassword(body.password);
  // The same steps whether the address is taken or not (issue 28: no telling by the time it takes):
  // the insert is tried either way, and the unique index refuses a taken one (or the second of two at once).
  const user = await unlessDuplicate(
    () => UserModel.create({ name: body.name, email, passwordHash, role: SUPERVISOR_ROLE, status: 'pending', schoolId: school._id }),
    () => null,
  );
  // A taken address reads what a new one's announcement reads (the school's counts for the platform).
  if (user) {
    await emitUserChange(realtime, 'users.registered', presentUser(user, school.name));
    push.userRegistered(school._id.toHexString(), { id: user._id.toHexString(), name: user.name });
  } else {
    await presentPlatformSchool(school._id.toHexString());
  }
  return { answer: { message: TEXTS.registered }, takenAddress: user ? null : email };
}

/**
 * A sign-out the person chose also ends the notifications of this device (its device cookie names
 * it); one the app made by itself (idle) keeps them: the caretaker's phone in a pocket still rings.
 * The session cookie is cleared whenever the browser sent one.
 */
export async function logout(
  request: FastifyRequest,
  reply: FastifyReply,
  realtime: Realtime,
  config: Config,
  chosen: boolean,
): Promise<void> {
  const session = request.session;
  if (!session?.userId) {
    if (request.cookies[sessionCookieName(config)] !== undefined) await endSession(request, reply, config);
    return;
  }
  const sessionId = session.sessionId;
  const user = await UserModel.findById(session.userId, { email: 1 }).lean();
  await endSession(request, reply, config);
  realtime.disconnectSession(sessionId);
  if (user && chosen) await removeDeviceSubscriptions(user._id, knownDevice(request, user.email, config));
}

/** Who is signed in, as every page asks: kept presented until any user or school changes. */
export function me(user: UserRecord): Promise<{ user: User }> {
  return derivedFromPrincipals(`me:${user._id.toHexString()}`, async () => ({ user: await presentWithSchool(user) }));
}

/**
 * Changing the password also ends the user's other sessions, and their live connections. Wrong
 * current passwords are limited per user (`own`: a session left open is no free guessing machine)
 * and count in sign-in's counter of the account too (`signIn`, as the proof's do): a stolen session
 * gets no second set of guesses, and a locked account is refused here too.
 */
export async function changePassword(
  request: FastifyRequest,
  user: UserRecord,
  body: ChangePasswordBody,
  realtime: Realtime,
  limits: { own: AccountLimiter; signIn: AccountLimiter },
): Promise<void> {
  const ownKey = user._id.toHexString();
  const signInKey = accountPasswordKey(normalizeEmail(user.email));
  await limits.own.refuseIfBlocked(ownKey);
  await limits.signIn.refuseIfBlocked(signInKey);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await Promise.all([limits.own.record(ownKey), limits.signIn.record(signInKey)]);
    throw badRequest(TEXTS.wrongCurrentPassword, 'wrongCurrentPassword');
  }
  await Promise.all([limits.own.reset(ownKey), limits.signIn.reset(signInKey)]);
  await UserModel.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(body.newPassword) } });
  await forgetTrustedDevices(user._id);
  await endSessionsWhere({ userId: user._id, _id: trusted({ $ne: request.session.sessionId }) }, 'passwordChanged');
  realtime.disconnectOtherSessions(user._id.toHexString(), request.session.sessionId);
  // Asked for (issue 43): every passkey and the app go too, so a factor someone else enrolled is gone.
  if (body.removeFactors && (await removeAllFactors(user, realtime))) mailFactorChange(request, user, 'factorsRemoved');
}
