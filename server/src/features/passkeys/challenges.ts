import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Types } from 'mongoose';
import type { Config } from '../../config';
import { appNow } from '../../appClock';
import { trusted } from '../../db/trusted';
import { hostCookieName } from '../../plugins/session';
import { PasskeyChallenge, type PasskeyChallengeRecord } from './model';

const CHALLENGE_COOKIE = 'tilsynsvakt.passkey';
export const CHALLENGE_MS = 5 * 60_000;
type Kind = 'register' | 'signIn';

/**
 * Where passkeys belong (issue 33): the relying party is PUBLIC_ORIGIN's host when it is set (what
 * the portal is reached at, behind a proxy too), else the host this request came to; the origin
 * the browser must report is the same one. A passkey made on one host signs in only there.
 */
export function relyingParty(request: FastifyRequest, config: Config): { rpId: string; origin: string } {
  if (config.publicOrigin) {
    const url = new URL(config.publicOrigin);
    return { rpId: url.hostname, origin: url.origin };
  }
  return { rpId: request.hostname, origin: `${request.protocol}://${request.host}` };
}

/** Keeps a new challenge server-side for this browser (and this user, when registering), for five minutes. */
export async function keepChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  kind: Kind,
  challenge: string,
  userId: Types.ObjectId | null,
): Promise<void> {
  // Expired challenges go as new ones are made; nobody waits for it.
  void PasskeyChallenge.deleteMany({ expiresAt: trusted({ $lte: appNow() }) }).catch(() => undefined);
  const id = randomBytes(24).toString('base64url');
  const { rpId, origin } = relyingParty(request, config);
  await PasskeyChallenge.create({ _id: id, kind, challenge, userId, rpId, origin, expiresAt: new Date(appNow().getTime() + CHALLENGE_MS) });
  reply.setCookie(hostCookieName(CHALLENGE_COOKIE, config), id, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    path: '/',
    maxAge: CHALLENGE_MS / 1000,
  });
}

/** Takes this browser's challenge of this kind: once, and only while it lasts. */
export async function takeChallenge(request: FastifyRequest, reply: FastifyReply, config: Config, kind: Kind): Promise<PasskeyChallengeRecord | null> {
  const name = hostCookieName(CHALLENGE_COOKIE, config);
  const raw = request.cookies[name];
  reply.clearCookie(name, { path: '/', secure: config.cookieSecure });
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  const found = await PasskeyChallenge.findOneAndDelete({ _id: unsigned.value, kind }).lean<PasskeyChallengeRecord>();
  return found && found.expiresAt.getTime() > appNow().getTime() ? found : null;
}
