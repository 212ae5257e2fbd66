import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { hostCookieName } from '../../plugins/session';

/**
 * A device that has signed in to an account before carries a signed cookie naming that account.
 * A lockout of the account (too many wrong passwords from elsewhere) does not apply to it: the
 * lockout slows the one guessing, not the owner on their usual phone or PC (OWASP 'device cookies').
 */
const DEVICE_COOKIE = 'tilsynsvakt.device';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function accountTag(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 16);
}

/** The device's own id if it carries a valid device cookie for this account, else null. */
export function knownDevice(request: FastifyRequest, email: string, config: Config): string | null {
  const raw = request.cookies[hostCookieName(DEVICE_COOKIE, config)];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  const [tag, device] = unsigned.value.split('.');
  return tag === accountTag(email) && device ? device : null;
}

export function rememberDevice(reply: FastifyReply, email: string, config: Config, device = randomBytes(12).toString('hex')): void {
  reply.setCookie(hostCookieName(DEVICE_COOKIE, config), `${accountTag(email)}.${device}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });
}
