import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '#protocol/auth';
import { SECOND_FACTOR_TEXTS, type RecoveryCodes, type TotpSetup, type TotpStatus } from '#protocol/secondFactor';
import { appNow } from '../../appClock';
import type { Config } from '../../config';
import { trusted } from '../../db/trusted';
import { badRequest, conflict, forbidden, unauthorized } from '../../httpError';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { TRUSTED_DEVICE_TEXTS, type SecondStepBody } from '#protocol/trustedDevices';
import { forgetTrustedDevices } from '../../core/accounts/trustedDeviceModel';
import { trustThisDevice } from './trustedDevices';
import { pending } from '../../plugins/pendingState';
import { audit } from '../audit/service';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';
import { beginSession } from '../auth/service';
import { accountCodeKey } from '../auth/signInLimits';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { PendingSignIn, TotpModel, type PendingSignInRecord, type TotpRecord } from '../../core/accounts/totpModel';
import { hashRecoveryCode, newRecoveryCodes, newSecret, otpauthUri, stepOf } from './totp';
import type { Realtime } from '../../realtime/realtime';
import { signInMethodsChanged } from '../users/service';

const SETUP_MS = 10 * 60_000;
const SIGN_IN_MS = 5 * 60_000;
/** Wrong codes one half-done sign-in takes before it is gone (the password again, then). */
const ATTEMPTS = 5;

async function totpOf(userId: UserRecord['_id']): Promise<TotpRecord | null> {
  return TotpModel.findOne({ userId }).lean<TotpRecord>();
}

const target = (user: UserRecord) => ({ id: user._id, name: user.name, schoolId: user.schoolId });

/** GET /api/account/totp */
export async function totpStatus(user: UserRecord): Promise<TotpStatus> {
  const totp = await totpOf(user._id);
  return { enabled: !!totp?.secret, recoveryCodesLeft: totp?.secret ? totp.recoveryHashes.length : 0 };
}

/** Whether password sign-in needs a code from this user (their authenticator app is on). */
export async function hasTotp(userId: UserRecord['_id']): Promise<boolean> {
  return !!(await totpOf(userId))?.secret;
}

/** POST /api/account/totp/setup: a new secret to type into the app, waiting for its first code (10 minutes). */
export async function setupTotp(user: UserRecord): Promise<TotpSetup> {
  if (await hasTotp(user._id)) throw conflict(SECOND_FACTOR_TEXTS.alreadyOn);
  const secret = newSecret();
  await TotpModel.updateOne(
    { userId: user._id },
    { $set: { pendingSecret: secret, pendingExpiresAt: new Date(appNow().getTime() + SETUP_MS) } },
    { upsert: true },
  );
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** POST /api/account/totp/confirm: the first code turns the app on; the recovery codes are answered this once. */
export async function confirmTotp(user: UserRecord, code: string, limiter: AccountLimiter, realtime: Realtime): Promise<RecoveryCodes> {
  const key = `totp-setup:${user._id.toHexString()}`;
  await limiter.refuseIfBlocked(key);
  const totp = await totpOf(user._id);
  if (totp?.secret) throw conflict(SECOND_FACTOR_TEXTS.alreadyOn);
  if (!totp?.pendingSecret || !totp.pendingExpiresAt || totp.pendingExpiresAt <= appNow()) {
    throw badRequest(SECOND_FACTOR_TEXTS.setupExpired, 'secondFactorExpired');
  }
  const step = stepOf(totp.pendingSecret, code);
  if (step === null) {
    await limiter.record(key);
    throw badRequest(SECOND_FACTOR_TEXTS.wrongCode, 'wrongCode');
  }
  await limiter.reset(key);
  const { codes, hashes } = newRecoveryCodes();
  const turnedOn = await TotpModel.updateOne(
    { userId: user._id, secret: null, pendingSecret: totp.pendingSecret },
    {
      $set: {
        secret: totp.pendingSecret,
        pendingSecret: null,
        pendingExpiresAt: null,
        lastStep: step,
        recoveryHashes: hashes,
        enabledAt: appNow(),
      },
    },
  );
  if (turnedOn.modifiedCount !== 1) throw conflict(SECOND_FACTOR_TEXTS.alreadyOn);
  await forgetTrustedDevices(user._id);
  await audit(user, 'user.totpEnabled', target(user));
  await signInMethodsChanged(realtime, user._id, { authenticatorApp: true });
  return { recoveryCodes: codes };
}

/**
 * A code from the app (a time step later than the last one used: each works once) or an unused
 * recovery code (then gone), taken in one conditional write so two at once cannot both pass.
 */
export async function takeCode(user: UserRecord, code: string): Promise<'totp' | 'recovery' | null> {
  const totp = await totpOf(user._id);
  if (!totp?.secret) return null;
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(totp.secret, code);
    if (step === null) return null;
    const taken = await TotpModel.updateOne({ userId: user._id, lastStep: trusted({ $lt: step }) }, { $set: { lastStep: step } });
    return taken.modifiedCount === 1 ? 'totp' : null;
  }
  const hash = hashRecoveryCode(code);
  const taken = await TotpModel.updateOne({ userId: user._id, recoveryHashes: hash }, { $pull: { recoveryHashes: hash } });
  if (taken.modifiedCount !== 1) return null;
  await audit(user, 'user.recoveryCodeUsed', { ...target(user), detail: `${totp.recoveryHashes.length - 1} igjen` });
  return 'recovery';
}

/**
 * POST /api/account/totp/disable: after a fresh proof of who is asking (routes.ts), which with the app on
 * took a code (or was a passkey); a code given here as well must be right, so an open session alone cannot turn it off.
 */
export async function disableTotp(user: UserRecord, code: string | undefined, limiter: AccountLimiter, realtime: Realtime): Promise<void> {
  const key = `totp:${user._id.toHexString()}`;
  await limiter.refuseIfBlocked(key);
  if (!(await hasTotp(user._id))) throw conflict(SECOND_FACTOR_TEXTS.notOn);
  if (code !== undefined && !(await takeCode(user, code))) {
    await limiter.record(key);
    throw badRequest(SECOND_FACTOR_TEXTS.wrongCode, 'wrongCode');
  }
  await limiter.reset(key);
  await TotpModel.deleteOne({ userId: user._id });
  await forgetTrustedDevices(user._id);
  await audit(user, 'user.totpDisabled', target(user));
  await signInMethodsChanged(realtime, user._id, { authenticatorApp: false });
}

/** What a provider's sign-in keeps while the code is awaited (its ID token, a link found by e-mail), as stored. */
export type ProviderCompletion = NonNullable<PendingSignInRecord['oidc']>;
/** How a provider's sign-in ends once its code is right; null: the account changed meanwhile, no session. */
export type ProviderSignInEnd = (
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  completion: ProviderCompletion,
  config: Config,
) => Promise<LoginResponse | null>;
let providerSignInEnd: ProviderSignInEnd | undefined;

/** Set by features/oidc where it is wired: it imports this feature, so this one asks it through here. */
export function onProviderSignInCoded(end: ProviderSignInEnd): void {
  providerSignInEnd = end;
}

/**
 * At password sign-in, or at the end of one through a provider (`oidc`, issue 43): keeps the half-done
 * sign-in in this browser's session; the session waits for the code.
 */
export async function beginSecondStep(request: FastifyRequest, user: UserRecord, oidc?: ProviderCompletion): Promise<void> {
  void PendingSignIn.deleteMany({ expiresAt: trusted({ $lte: appNow() }) }).catch(() => undefined);
  const id = randomBytes(24).toString('base64url');
  await PendingSignIn.create({
    _id: id,
    userId: user._id,
    attempts: 0,
    expiresAt: new Date(appNow().getTime() + SIGN_IN_MS),
    oidc: oidc ?? null,
  });
  pending(request, 'secondFactor').keep(id, SIGN_IN_MS);
}

/**
 * POST /api/auth/second-factor: the code for this browser's half-done sign-in. Right, the session
 * the sign-in began for (the password's, or the provider's with its ID token and link); wrong, one
 * attempt fewer (5, then the sign-in again), and the user's wrong codes are limited as wrong
 * passwords are.
 */
export async function finishSecondStep(
  request: FastifyRequest,
  reply: FastifyReply,
  { code, trustDevice }: SecondStepBody,
  limiter: AccountLimiter,
  config: Config,
): Promise<LoginResponse> {
  const halfDone = pending(request, 'secondFactor');
  const id = halfDone.peek();
  // Counted in one conditional write, so codes sent at once cannot take more than their attempts.
  const found = id
    ? await PendingSignIn.findOneAndUpdate({ _id: id }, { $inc: { attempts: 1 } }, { new: true }).lean<PendingSignInRecord>()
    : null;
  const expired = () => {
    halfDone.take();
    return unauthorized(SECOND_FACTOR_TEXTS.signInExpired, 'secondFactorExpired');
  };
  if (!found || found.expiresAt <= appNow() || found.attempts > ATTEMPTS) {
    if (found) await PendingSignIn.deleteOne({ _id: found._id });
    throw expired();
  }
  const key = accountCodeKey(found.userId);
  await limiter.refuseIfBlocked(key);
  const user = await UserModel.findById(found.userId).lean<UserRecord>();
  if (!user) {
    await PendingSignIn.deleteOne({ _id: found._id });
    throw expired();
  }
  // Refused before the code is taken, so a code sent with a choice that cannot be is not spent.
  if (trustDevice && user.role === PLATFORM_ADMIN_ROLE) throw forbidden(TRUSTED_DEVICE_TEXTS.notForPlatformAdmin);
  if (trustDevice && found.oidc) throw badRequest(TRUSTED_DEVICE_TEXTS.passwordOnly);
  if (!(await takeCode(user, code))) {
    await limiter.record(key);
    throw unauthorized(SECOND_FACTOR_TEXTS.wrongCode, 'wrongCode');
  }
  await limiter.reset(key);
  await PendingSignIn.deleteOne({ _id: found._id });
  if (!found.oidc) {
    const signedIn = await beginSession(request, reply, user, config, 'passwordAndCode');
    if (trustDevice) await trustThisDevice(request, reply, user, config);
    return signedIn;
  }
  const signedIn = providerSignInEnd ? await providerSignInEnd(request, reply, user, found.oidc, config) : null;
  if (!signedIn) throw expired();
  return signedIn;
}
