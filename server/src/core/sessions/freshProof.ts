import type { FastifyRequest } from 'fastify';
import { REAUTH_TEXTS, REAUTH_WINDOW_MS } from '#protocol/reauthentication';
import { appNow } from '../../appClock';
import { forbidden } from '../../httpError';

/**
 * A fresh proof of who is asking (issue 43): kept in this session, on the app's clock, so a
 * stolen cookie alone changes no factor. Another session (another browser) has its own, and a
 * proof older than five minutes no longer counts.
 */
export function recordProof(request: FastifyRequest): Date {
  const at = appNow();
  request.session.reauthenticatedAt = at.getTime();
  return new Date(at.getTime() + REAUTH_WINDOW_MS);
}

export function hasFreshProof(request: FastifyRequest): boolean {
  const at = request.session?.reauthenticatedAt;
  if (typeof at !== 'number') return false;
  const age = appNow().getTime() - at;
  return age >= 0 && age <= REAUTH_WINDOW_MS;
}

/** Every factor change asks this first: 403 `reauthenticationRequired`, on which the client opens 'Bekreft at det er deg'. */
export function requireFreshProof(request: FastifyRequest): void {
  if (!hasFreshProof(request)) throw forbidden(REAUTH_TEXTS.required, 'reauthenticationRequired');
}
