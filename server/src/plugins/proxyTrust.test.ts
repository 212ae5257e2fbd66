import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test/httpClient';
import { startSibling, type TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';

/** A forged X-Forwarded-For must not buy fresh sign-in attempts: only a named proxy is believed. */
let direct: TestServer;
useServerWithFixture((started) => ({ server: direct } = started), { LOGIN_LIMIT_PER_IP: '3' });

async function attempts(baseUrl: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await new ApiClient(baseUrl).request(
      'POST',
      '/api/auth/login',
      { email: `ukjent${i}@test.no`, password: 'feil' },
      { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
    );
    statuses.push(res.status);
  }
  return statuses;
}

describe('the client address behind a proxy', () => {
  it('by default ignores X-Forwarded-For: forged addresses share the caller’s limit', async () => {
    expect(await attempts(direct.baseUrl, 5)).toEqual([401, 401, 401, 429, 429]);
  });

  it('believes X-Forwarded-For only from the proxy it names', async () => {
    const { app: behindProxy, url } = await startSibling({ ...direct.config, trustProxy: '127.0.0.1' });
    try {
      // The test client is the named proxy (loopback): each forwarded client has its own limit.
      expect(await attempts(url, 5)).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await behindProxy.close();
    }
  });
});
