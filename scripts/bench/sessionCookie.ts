import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import type { Types } from 'mongoose';
import { SessionModel } from '../../server/src/core/sessions/sessionModel';
import { SESSION_COOKIE } from '../../server/src/plugins/session';

/** A signed-in session, written as the login would write it (no password hashing: thousands of them). */
export async function sessionCookie(sessionSecret: string, userId: Types.ObjectId): Promise<string> {
  const sessionId = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + 3_600_000);
  const data = {
    cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/', sameSite: 'lax', secure: false },
    userId: userId.toHexString(),
    signedInAt: Date.now(),
    // Active now: the idle limit counts from here (benchAppEnv sets it past the bench's length).
    lastActivityAt: Date.now(),
  };
  await SessionModel.create({ _id: sessionId, data: JSON.stringify(data), userId, expiresAt: expires });
  return `${SESSION_COOKIE}=${encodeURIComponent(sign(sessionId, sessionSecret))}`;
}
