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
});
