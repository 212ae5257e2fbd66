import { describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { makeUser } from '../../../test/callers';
import { PASSWORD } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { useTwoInstances, type TwoInstances } from '../../../test/twoInstances';

/**
 * Issue 43: the attempt limits are counted in Redis, shared by every instance: wrong passwords
 * spread over two instances lock the account as they would on one (the other instance is a
 * separate process, as in production).
 */
let two: TwoInstances;
useTwoInstances((running) => void (two = running), {
  LOGIN_LIMIT_PER_ACCOUNT: '10',
  LOGIN_LIMIT_PER_IP: '1000',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Tilsynsvakt <tilsynsvakt@test.no>',
  PUBLIC_ORIGIN: 'http://127.0.0.1',
});

describe('attempt limits shared by instances', () => {
  it('10 wrong passwords across both instances lock the account on both', async () => {
    const user = await makeUser(two.fx.a.id, 'Tilsynsvakt');
    const here = new ApiClient(two.server.baseUrl);
    const there = new ApiClient(two.other.base);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await (attempt % 2 === 0 ? here : there).login(user.email, 'feil-passord');
      expect(res.status).toBe(401);
    }
    for (const client of [here, there]) {
      const locked = await client.login(user.email, PASSWORD);
      expect(locked.status).toBe(429);
      expect((locked.body as unknown as { message: string }).message).toBe(TEXTS.tooManyAttempts);
    }
  });

  it("'Glemt passord?' allows 3 an hour per address, across both instances", async () => {
    const email = 'glemt@test.no';
    const statuses: number[] = [];
    for (const client of [two.server.baseUrl, two.other.base, two.server.baseUrl, two.other.base].map((base) => new ApiClient(base))) {
      statuses.push((await client.post('/api/auth/forgot-password', { email })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
