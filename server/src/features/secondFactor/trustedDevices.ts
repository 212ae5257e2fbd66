import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { TRUSTED_DEVICE_MS, TRUSTED_DEVICE_TEXTS, type TrustedDevice } from '#protocol/trustedDevices';
import { appNow } from '../../appClock';
import type { Config } from '../../config';
import { trusted } from '../../db/trusted';
import { notFound } from '../../httpError';
import { hostCookieName } from '../../plugins/session';
import { TrustedDeviceModel, type TrustedDeviceRecord } from '../../core/accounts/trustedDeviceModel';
import type { UserRecord } from '../../core/accounts/userModel';
import { describeDevice } from '../../core/sessions/device';
import { audit } from '../audit/service';

/**
 * 'Husk denne enheten i 12 timer' (issue 44): the cookie that lets one browser skip the
 * authenticator app's code at password sign-in. HttpOnly, signed, strict same-site, for the
 * trust's 12 hours; it names a record (TrustedDeviceModel) and carries a secret only its hash is
 * stored of. The record decides: removed on Min konto, expired, or forgotten at a password or
 * factor change, the cookie opens nothing.
 */
const TRUST_COOKIE = 'tilsynsvakt.trust';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function cookieName(config: Pick<Config, 'cookieSecure'>): string {
  return hostCookieName(TRUST_COOKIE, config);
}

function cookieAttributes(config: Pick<Config, 'cookieSecure'>) {
  return { httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, path: '/' } as const;
}

/** The handle and secret this browser's cookie holds, if it holds a well-formed, signed one. */
function cookieOf(request: FastifyRequest, config: Config): { id: string; secret: string } | null {
  const raw = request.cookies[cookieName(config)];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  const [id, secret] = unsigned.value.split('.');
  return id && secret && /^[0-9a-f]{32}$/.test(id) ? { id, secret } : null;
}

function sameSecret(secret: string, hash: string): boolean {
  const given = Buffer.from(hashOf(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** This browser's live trust for this user, or null. */
async function trustOf(request: FastifyRequest, user: Pick<UserRecord, '_id'>, config: Config): Promise<TrustedDeviceRecord | null> {
  const cookie = cookieOf(request, config);
  if (!cookie) return null;
  const found = await TrustedDeviceModel.findOne({ _id: cookie.id, userId: user._id }).lean<TrustedDeviceRecord>();
  if (!found || found.expiresAt <= appNow() || !sameSecret(cookie.secret, found.secretHash)) return null;
  return found;
}

/**
 * At password sign-in of an account with the authenticator app: true when this browser may skip
 * the code (and its last use is noted). Never for the Plattformadministrator, whatever is stored.
 */
export async function skipsCode(request: FastifyRequest, user: UserRecord, config: Config): Promise<boolean> {
  if (user.role === PLATFORM_ADMIN_ROLE) return false;
  const found = await trustOf(request, user, config);
  if (!found) return false;
  await TrustedDeviceModel.updateOne({ _id: found._id }, { $set: { lastUsedAt: appNow() } });
  return true;
}

/** After a right code with 'Husk denne enheten': this browser skips the code for 12 hours. */
export async function trustThisDevice(request: FastifyRequest, reply: FastifyReply, user: UserRecord, config: Config): Promise<void> {
  // Expired ones of anybody's go as new ones are made: no purge of its own.
  void TrustedDeviceModel.deleteMany({ expiresAt: trusted({ $lte: appNow() }) }).catch(() => undefined);
  const id = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const now = appNow();
  const device = describeDevice(request.headers['user-agent']);
  await TrustedDeviceModel.create({
    _id: id,
    userId: user._id,
    secretHash: hashOf(secret),
    device,
    ip: request.ip,
    trustedAt: now,
    expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_MS),
    lastUsedAt: null,
  });
  reply.setCookie(cookieName(config), `${id}.${secret}`, { ...cookieAttributes(config), signed: true, maxAge: TRUSTED_DEVICE_MS / 1000 });
  await audit(user, 'user.deviceTrusted', { id: user._id, name: user.name, schoolId: user.schoolId, detail: device });
}

async function ownRows(user: UserRecord): Promise<TrustedDeviceRecord[]> {
  return TrustedDeviceModel.find({ userId: user._id, expiresAt: trusted({ $gt: appNow() }) }).lean<TrustedDeviceRecord[]>();
}

/** GET /api/account/trusted-devices: the caller's own live ones (another's are never read), newest first, this browser's marked. */
export async function listTrustedDevices(request: FastifyRequest, user: UserRecord, config: Config): Promise<TrustedDevice[]> {
  const current = cookieOf(request, config)?.id;
  return (await ownRows(user))
    .map((row) => ({
      id: row._id,
      device: row.device || TRUSTED_DEVICE_TEXTS.unknownDevice,
      ip: row.ip ?? '',
      trustedAt: row.trustedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      current: row._id === current,
    }))
    .sort((a, b) => b.trustedAt.localeCompare(a.trustedAt));
}

/**
 * DELETE /api/account/trusted-devices/:id: one of the caller's own; another user's is as unknown
 * as none. This browser's own cookie goes with its record.
 */
export async function removeTrustedDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  id: string,
  config: Config,
): Promise<void> {
  const removed = await TrustedDeviceModel.findOneAndDelete({ _id: id, userId: user._id }).lean<TrustedDeviceRecord>();
  if (!removed) throw notFound(TRUSTED_DEVICE_TEXTS.notFound);
  if (cookieOf(request, config)?.id === id) reply.clearCookie(cookieName(config), cookieAttributes(config));
  await audit(user, 'user.deviceTrustRemoved', { id: user._id, name: user.name, schoolId: user.schoolId, detail: removed.device });
}
