import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { Types } from 'mongoose';
import type { LoginResponse } from '#protocol/auth';
import {
  PASSKEY_TEXTS,
  type AddPasskeyBody,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyLoginBody,
  type PasskeyRequestOptions,
} from '#protocol/passkeys';
import { PRODUCT_NAME } from '#protocol/product';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { schoolInactiveText } from '#protocol/texts';
import type { Config } from '../../config';
import { unlessDuplicate } from '../../db/duplicateKey';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../httpError';
import { appNow } from '../../appClock';
import { audit } from '../audit/service';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';
import { beginSession } from '../auth/service';
import { isSchoolActive } from '../../core/accounts/activeSchools';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { keepChallenge, relyingParty, takeChallenge } from './challenges';
import { PasskeyModel, type PasskeyRecord } from '../../core/accounts/passkeyModel';
import type { Realtime } from '../../realtime/realtime';
import type { Reauthentication } from '#protocol/reauthentication';
import { proven } from '../reauthentication/service';
import { forgetTrustedDevices } from '../../core/accounts/trustedDeviceModel';
import { signInMethodsChanged } from '../users/service';

const TIMEOUT_MS = 5 * 60_000;

function present(passkey: PasskeyRecord): Passkey {
  return {
    id: passkey._id.toHexString(),
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

/** GET /api/account/passkeys: the caller's own, oldest first. */
export async function listPasskeys(user: UserRecord): Promise<Passkey[]> {
  const passkeys = await PasskeyModel.find({ userId: user._id }).sort({ createdAt: 1, _id: 1 }).lean<PasskeyRecord[]>();
  return passkeys.map(present);
}

/**
 * POST /api/account/passkeys/options: a challenge for a new passkey of this user. The user handle
 * is the account's id (what a usernameless sign-in finds the account by); the passkey must be
 * discoverable (residentKey 'required') and the person verified on the device (PIN, fingerprint).
 */
export async function registrationOptions(request: FastifyRequest, user: UserRecord, config: Config): Promise<PasskeyCreationOptions> {
  const existing = await PasskeyModel.find({ userId: user._id }, { credentialId: 1, transports: 1 }).lean<PasskeyRecord[]>();
  const { rpId } = relyingParty(request, config);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(user._id.id),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: (p.transports ?? []) as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await keepChallenge(request, config, 'register', options.challenge, user._id);
  return options as PasskeyCreationOptions;
}

/** POST /api/account/passkeys: the new passkey, verified against this browser's challenge, kept with its name. */
export async function addPasskey(request: FastifyRequest, user: UserRecord, body: AddPasskeyBody): Promise<Passkey> {
  const challenge = await takeChallenge(request, 'register');
  if (!challenge || !challenge.userId?.equals(user._id)) throw badRequest(PASSKEY_TEXTS.expired, 'passkeyFailed');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: body.credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: true,
    });
  } catch (err) {
    request.log.warn({ err: (err as Error).message }, 'passkey registration refused');
    throw badRequest(PASSKEY_TEXTS.notVerified, 'passkeyFailed');
  }
  if (!verification.verified) throw badRequest(PASSKEY_TEXTS.notVerified, 'passkeyFailed');
  const { credential } = verification.registrationInfo;
  const created = await unlessDuplicate(
    () =>
      PasskeyModel.create({
        userId: user._id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? body.credential.response.transports,
        name: body.name,
        createdAt: appNow(),
        lastUsedAt: null,
      }),
    () => null,
  );
  if (!created) throw conflict(PASSKEY_TEXTS.duplicate);
  await audit(user, 'user.passkeyAdded', { id: user._id, name: user.name, schoolId: user.schoolId, detail: body.name });
  await countPasskeys(user, request.realtime);
  return present(created.toObject() as PasskeyRecord);
}

/** DELETE /api/account/passkeys/:id: one of the caller's own; another's is as unknown as none. */
export async function removePasskey(user: UserRecord, id: string, realtime: Realtime): Promise<void> {
  const removed = await PasskeyModel.findOneAndDelete({ _id: new Types.ObjectId(id), userId: user._id }).lean<PasskeyRecord>();
  if (!removed) throw notFound(PASSKEY_TEXTS.notFound);
  await audit(user, 'user.passkeyRemoved', { id: user._id, name: user.name, schoolId: user.schoolId, detail: removed.name });
  await countPasskeys(user, realtime);
}

/**
 * Counted again after each change (never incremented): two at once still leave the true count.
 * A passkey added or removed is a factor changed: the devices that skip the app's code ask for it again (issue 44).
 */
async function countPasskeys(user: UserRecord, realtime: Realtime): Promise<void> {
  await forgetTrustedDevices(user._id);
  await signInMethodsChanged(realtime, user._id, { passkeyCount: await PasskeyModel.countDocuments({ userId: user._id }) });
}

/** POST /api/auth/passkey/options: a challenge for any passkey of this site (no account named: the passkey says whose it is). */
export async function signInOptions(request: FastifyRequest, config: Config): Promise<PasskeyRequestOptions> {
  const { rpId } = relyingParty(request, config);
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: [],
  });
  await keepChallenge(request, config, 'signIn', options.challenge, null);
  return options as PasskeyRequestOptions;
}

/**
 * POST /api/auth/passkey/login: the signed challenge. The passkey is found by its id, its user
 * handle must name its owner, and the signature, origin, RP ID and user verification are checked;
 * then the same session password sign-in makes (features/auth/service.ts login), with the same
 * refusals: an inactive school stays out, a pending or deactivated account comes in to its status
 * screen. Failures count against the passkey, as wrong passwords count against an address.
 */
export async function signInWithPasskey(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasskeyLoginBody,
  limiter: AccountLimiter,
  config: Config,
): Promise<LoginResponse> {
  const user = await verifyAssertion(request, body, limiter, 'signIn');
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await isSchoolActive(user.schoolId))) {
    throw forbidden(schoolInactiveText(user.role), 'schoolInactive');
  }
  return beginSession(request, reply, user, config, 'passkey');
}

/** POST /api/account/reauthenticate/passkey/options: a challenge for one of the caller's own passkeys (issue 43). */
export async function reauthOptions(request: FastifyRequest, user: UserRecord, config: Config): Promise<PasskeyRequestOptions> {
  const own = await PasskeyModel.find({ userId: user._id }, { credentialId: 1, transports: 1 }).lean<PasskeyRecord[]>();
  if (own.length === 0) throw conflict(PASSKEY_TEXTS.noneToProve);
  const { rpId } = relyingParty(request, config);
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: (p.transports ?? []) as AuthenticatorTransport[] })),
  });
  await keepChallenge(request, config, 'reauth', options.challenge, user._id);
  return options as PasskeyRequestOptions;
}

/**
 * POST /api/account/reauthenticate/passkey: the sign-in ceremony, but it proves who is asking in
 * this session instead of making a new one: the passkey must be the caller's own.
 */
export async function reauthenticateWithPasskey(
  request: FastifyRequest,
  user: UserRecord,
  body: PasskeyLoginBody,
  limiter: AccountLimiter,
): Promise<Reauthentication> {
  const owner = await verifyAssertion(request, body, limiter, 'reauth', user);
  return proven(request, owner, 'Passnøkkel');
}

/**
 * The signed challenge of this browser's ceremony of this kind: the passkey found by its id (and,
 * proving who is asking, the caller's own), its user handle its owner's, the signature, origin,
 * RP ID and user verification checked; its counter and last use kept. Failures count against the passkey.
 */
async function verifyAssertion(
  request: FastifyRequest,
  body: PasskeyLoginBody,
  limiter: AccountLimiter,
  kind: 'signIn' | 'reauth',
  caller?: UserRecord,
): Promise<UserRecord> {
  const key = `passkey:${body.credential.id}`;
  await limiter.refuseIfBlocked(key);
  const challenge = await takeChallenge(request, kind);
  if (!challenge || (caller && !challenge.userId?.equals(caller._id))) throw badRequest(PASSKEY_TEXTS.expired, 'passkeyFailed');
  const passkey = await PasskeyModel.findOne(
    caller ? { credentialId: body.credential.id, userId: caller._id } : { credentialId: body.credential.id },
  ).lean<PasskeyRecord>();
  const user = passkey ? await UserModel.findById(passkey.userId).lean<UserRecord>() : null;
  if (!passkey || !user) {
    await limiter.record(key);
    throw unauthorized(PASSKEY_TEXTS.unknown, 'passkeyFailed');
  }
  const handle = body.credential.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(user._id.id).toString('base64url')) {
    await limiter.record(key);
    throw unauthorized(PASSKEY_TEXTS.notVerified, 'passkeyFailed');
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: body.credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: (passkey.transports ?? []) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch (err) {
    request.log.warn({ err: (err as Error).message }, 'passkey assertion refused');
    await limiter.record(key);
    throw unauthorized(PASSKEY_TEXTS.notVerified, 'passkeyFailed');
  }
  if (!verification.verified) {
    await limiter.record(key);
    throw unauthorized(PASSKEY_TEXTS.notVerified, 'passkeyFailed');
  }
  await limiter.reset(key);
  await PasskeyModel.updateOne(
    { _id: passkey._id },
    { $set: { counter: verification.authenticationInfo.newCounter, lastUsedAt: appNow() } },
  );
  return user;
}
