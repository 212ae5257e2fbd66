import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Types } from 'mongoose';
import type { Config } from '../../config';
import { appNow } from '../../appClock';
import { trusted } from '../../db/trusted';
import { pending } from '../../plugins/pendingState';
import { PasskeyChallenge, type PasskeyChallengeRecord } from '../../core/accounts/passkeyModel';

export const CHALLENGE_MS = 5 * 60_000;
type Kind = 'register' | 'signIn' | 'reauth';

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

/** Keeps a new challenge server-side, named in this browser's session (with this user, when registering), for five minutes. */
export async function keepChallenge(
  request: FastifyRequest,
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
  pending(request, 'passkey').keep(id, CHALLENGE_MS);
}

/** Takes this browser's challenge of this kind: once, and only while it lasts. */
export async function takeChallenge(request: FastifyRequest, kind: Kind): Promise<PasskeyChallengeRecord | null> {
  const id = pending(request, 'passkey').take();
  if (!id) return null;
  const found = await PasskeyChallenge.findOneAndDelete({ _id: id, kind }).lean<PasskeyChallengeRecord>();
  return found && found.expiresAt.getTime() > appNow().getTime() ? found : null;
}
