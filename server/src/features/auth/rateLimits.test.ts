import { describe, expect, it } from 'vitest';
import { useServerWithFixture } from '../../../test/useTestServer';
import { TEXTS } from '#protocol/texts';
import { PASSWORD, type Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { type TestServer } from '../../../test/testServer';

let server: TestServer;
let fx: Fixture;

useServerWithFixture((s) => ({ server, fx } = s), { LOGIN_LIMIT_PER_IP: '8', LOGIN_LIMIT_PER_ACCOUNT: '3' });

describe('sign-in rate limits', () => {
  it('blocks an account after repeated wrong passwords, even with the right one', async () => {
    const client = new ApiClient(server.baseUrl);
    for (let i = 0; i < 3; i++) expect((await client.login(fx.a.admin.email, 'feil')).status).toBe(401);
    const blocked = await client.login(fx.a.admin.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TEXTS.tooManyAttempts, code: 'tooManyAttempts' });
    // Other accounts are not affected by this one's lock.
    expect((await client.login(fx.b.admin.email, PASSWORD)).status).toBe(200);
  });

  it('blocks an address after too many attempts per minute', async () => {
    const client = new ApiClient(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.login(`ukjent${i}@test.no`, 'feil')).status);
    expect(statuses.at(-1)).toBe(429);
    const register = await client.post('/api/auth/register', { schoolId: fx.a.id, name: 'X', email: 'x@test.no', password: 'hemmelig' });
    expect([201, 429]).toContain(register.status);
  });
});
