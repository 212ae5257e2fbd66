import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '#protocol/product';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD } from '#protocol/secondFactor';
import { appNow } from '../../appClock';

/** RFC 6238 as the authenticator apps do it: SHA-1, 6 digits, 30 s. */
function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step a code belongs to, one step either side of now (on the app's clock) accepted,
 * or null. The caller refuses a step not later than the last one used: a code works once.
 */
export function stepOf(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = appNow().getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD, timestamp }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of ten characters ('abcde-fghij', 50 random bits each) and the hashes kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Random codes need no slow hash: the SHA-256 of the code without its dash. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace('-', '')).digest('hex');
}
