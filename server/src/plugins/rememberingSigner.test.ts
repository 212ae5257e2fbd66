import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { RememberingSigner } from './rememberingSigner';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('the session cookie signer that remembers', () => {
  it('answers as @fastify/cookie’s own signer does, the first time and every time after', () => {
    const own = new Signer(SECRET, 'sha256');
    const remembering = new RememberingSigner(SECRET);
    const signed = own.sign('session-id-1');
    for (let round = 0; round < 2; round++) {
      expect(remembering.sign('session-id-1')).toBe(signed);
      expect(remembering.unsign(signed)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
      // A changed signature or value is refused, remembered or not.
      expect(remembering.unsign(`${signed}x`)).toEqual(own.unsign(`${signed}x`));
      expect(remembering.unsign(signed.replace('session-id-1', 'session-id-2'))).toMatchObject({ valid: false, value: null });
    }
  });

  it('refuses what another secret signed', () => {
    const other = new Signer('another-secret-of-at-least-thirty-two-chars', 'sha256');
    expect(new RememberingSigner(SECRET).unsign(other.sign('session-id-1'))).toMatchObject({ valid: false });
  });

  it('remembers only what it signed itself, of a sane length, and within its bytes', () => {
    const own = new Signer(SECRET, 'sha256');
    const remembering = new RememberingSigner(SECRET);
    // A fresh id signed once (a visitor's session that is never saved) is not kept.
    remembering.sign('fresh-session-id');
    expect(remembering.rememberedBytes).toBe(0);
    // 2,000 cookies of 14 KB, forged or signed: none kept (they once added 20–40 MB).
    for (let i = 0; i < 2000; i++) {
      const long = `${i}-${'x'.repeat(14_000)}`;
      expect(remembering.unsign(`${long}.AAAA`)).toMatchObject({ valid: false });
      expect(remembering.unsign(own.sign(long))).toMatchObject({ valid: true, value: long });
    }
    expect(remembering.rememberedBytes).toBe(0);
    // Signed ids of the usual length are kept, up to 4 MB, the oldest going first.
    for (let i = 0; i < 30_000; i++) remembering.unsign(own.sign(`session-${i}-${'s'.repeat(24)}`));
    expect(remembering.rememberedBytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(remembering.rememberedBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    // Forgotten or kept, each answer is still the signer's own.
    for (const i of [0, 29_999]) {
      const value = `session-${i}-${'s'.repeat(24)}`;
      expect(remembering.sign(value)).toBe(own.sign(value));
      expect(remembering.unsign(own.sign(value))).toEqual({ valid: true, renew: false, value });
    }
  });
});
