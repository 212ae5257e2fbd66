import { createHash } from 'node:crypto';

/**
 * The name of a session the browser and Min konto see, never its secret id: the cookie stays
 * HttpOnly, and what the browser stores cannot be replayed as a credential.
 */
export function publicSessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}
