import { describe, expect, it } from 'vitest';
import { useServerWithFixture } from '../../../test/useTestServer';
import { TEXTS } from '#protocol/texts';
import { PASSWORD, type Fixture } from '../../../test/fixtures';
import { type TestServer } from '../../../test/testServer';

/** Guessing slows the one guessing, not the owner: lockouts by device, limits on every credential route. */
let server: TestServer;
let fx: Fixture;
useServerWithFixture((s) => ({ server, fx } = s), { LOGIN_LIMIT_PER_ACCOUNT: '3' });

/** A browser: it keeps every cookie it is given (the session and the device cookie). */
class Browser {
  private readonly jar = new Map<string, string>();
  async post(path: string, body: unknown, method = 'POST') {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.jar.set(pair.slice(0, at), value);
      else this.jar.delete(pair.slice(0, at));
    }
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }
  login(email: string, password: string) {
    return this.post('/api/auth/login', { email, password });
  }
}

describe('sign-in lockout', () => {
  it('wrong passwords from an unknown device lock that device out, not the owner’s own', async () => {
    const owner = new Browser();
    expect((await owner.login(fx.a.caretaker.email, PASSWORD)).status).toBe(200);
    await owner.post('/api/auth/logout', {});

    const guesser = new Browser();
    for (let i = 0; i < 3; i++) expect((await guesser.login(fx.a.caretaker.email, `gjett${i}`)).status).toBe(401);
    const locked = await guesser.login(fx.a.caretaker.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: TEXTS.tooManyAttempts, code: 'tooManyAttempts' });
    // Another unknown device is locked out of the account too.
    expect((await new Browser().login(fx.a.caretaker.email, PASSWORD)).status).toBe(429);

    // The owner's device has signed in here before: it is let through.
    expect((await owner.login(fx.a.caretaker.email, PASSWORD)).status).toBe(200);
  });

  it('a known device that keeps guessing is locked out on its own', async () => {
    const device = new Browser();
    expect((await device.login(fx.b.caretaker.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await device.login(fx.b.caretaker.email, `gjett${i}`)).status).toBe(401);
    expect((await device.login(fx.b.caretaker.email, PASSWORD)).status).toBe(429);
    // The account is not locked for others: the guessing came from a device it knew.
    expect((await new Browser().login(fx.b.caretaker.email, PASSWORD)).status).toBe(200);
  });

  it('a device cookie of one account does not open another', async () => {
    const device = new Browser();
    expect((await device.login(fx.b.supervisor.email, PASSWORD)).status).toBe(200);
    const guesser = new Browser();
    for (let i = 0; i < 3; i++) await guesser.login(fx.b.admin.email, `gjett${i}`);
    expect((await device.login(fx.b.admin.email, PASSWORD)).status).toBe(429);
  });
});
