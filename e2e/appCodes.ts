import { Secret, TOTP } from 'otpauth';
import type { E2E } from './harness';

/**
 * The authenticator app's code for the step `ahead` steps from now on the server's clock (±1 is
 * accepted; each step once): a file's server may run behind the wall clock (harness.ts).
 */
export function appCode(e: E2E, secret: string, ahead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: e.server.app.clock.now().getTime() + ahead * 30_000,
  });
}
