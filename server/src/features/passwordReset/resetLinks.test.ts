import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXTS } from '#protocol/passwordReset';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture, FixtureUser } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { connectSocket, record, waitForDisconnect, type TestSocket } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import { startSibling, type TestServer } from '../../../test/testServer';
import { request as httpRequest } from 'node:http';
import { SESSION_COOKIE } from '../../plugins/session';
import { AuditModel } from '../audit/model';
import { UserModel } from '../../core/accounts/userModel';
import { PasswordResetModel } from './model';
import { hashToken } from './tokens';
import { useSeededServer } from '../../../test/useTestServer';

const ORIGIN = 'https://tilsynsvakt.skole.example';
const clock = new TestClock(new Date('2026-03-10T12:00:00Z'));
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets: TestSocket[] = [];

useSeededServer((started) => ({ server, fx, c } = started), { PUBLIC_ORIGIN: ORIGIN }, { clock });
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  clock.set(new Date('2026-03-10T12:00:00Z'));
});

type Link = { link: string; expiresAt: string };
const linkPath = (user: FixtureUser, query = '') => `/api/admin/users/${user.id}/password-reset-link${query}`;
const tokenOf = (link: string) => link.split('#')[1]!;
const anonymous = () => new ApiClient(server.baseUrl);
const use = (token: string, newPassword = 'nytt-passord-1') =>
  anonymous().post<{ message: string; code?: string }>('/api/auth/reset-password', { token, newPassword });
const passwordHashOf = async (id: string) => (await UserModel.findById(id).lean())!.passwordHash;

async function linkFor(user: FixtureUser, by: ApiClient = c.adminA, query = ''): Promise<Link> {
  const res = await by.post<Link>(linkPath(user, query));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function signsInWith(user: FixtureUser, password: string): Promise<number> {
  return (await anonymous().login(user.email, password)).status;
}

describe('POST /api/admin/users/:id/password-reset-link', () => {
  it('is for the own school’s Admin (and the Plattformadministrator naming the school); another school’s user is not found', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    await expectAccess(c, (x) => x.post(linkPath(target)), refusedExcept({ adminB: 404, platform: 400, adminA: 201 }));
    const byPlatform = await c.platform.post<Link>(linkPath(target, `?schoolId=${fx.a.id}`));
    expect(byPlatform.status).toBe(201);
    expect((await c.platform.post(linkPath(target, `?schoolId=${fx.b.id}`))).status).toBe(404);
  });

  it('answers a link on PUBLIC_ORIGIN with 32 random bytes after the #, valid 24 hours; only the hash is stored', async () => {
    const target = await makeUser(fx.a.id, 'Vaktmester');
    const { link, expiresAt } = await linkFor(target);
    expect(link).toMatch(/^https:\/\/tilsynsvakt\.skole\.example\/nytt-passord#[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(24 * 3_600_000);
    const rows = await PasswordResetModel.find({ userId: target.id }).lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
    expect(Buffer.from(tokenOf(link), 'base64url')).toHaveLength(32);
  });

  it('without PUBLIC_ORIGIN: on the address the server listens on, never the Host a request names (issue 43)', async () => {
    const target = await makeUser(fx.a.id, 'Vaktmester');
    const sibling = await startSibling({ ...server.config, publicOrigin: undefined }, { clock });
    try {
      const { port } = new URL(sibling.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: linkPath(target),
            headers: {
              host: 'angriper.example',
              'x-forwarded-host': 'angriper.example',
              'x-requested-with': 'XMLHttpRequest',
              cookie: `${SESSION_COOKIE}=${c.adminA.cookie}`,
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status, answer.body).toBe(201);
      expect((JSON.parse(answer.body) as Link).link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/nytt-passord#`));
    } finally {
      await sibling.app.close();
    }
  });

  it('never for the Admin themselves, a deactivated user, a Plattformadministrator, or a bad id; nothing stored', async () => {
    const before = await PasswordResetModel.countDocuments();
    const self = await c.adminA.post<{ message: string }>(linkPath(fx.a.admin));
    expect(self.status).toBe(403);
    const deactivated = await c.adminA.post<{ message: string }>(linkPath(fx.a.deactivated));
    expect(deactivated.status).toBe(409);
    expect(deactivated.body.message).toBe(PASSWORD_RESET_TEXTS.notForDeactivated);
    expect((await c.adminA.post(linkPath(fx.platformAdmin))).status).toBe(404);
    expect((await c.platform.post(linkPath(fx.platformAdmin, `?schoolId=${fx.a.id}`))).status).toBe(404);
    const bad = await c.adminA.post<{ message: string }>('/api/admin/users/ikke-en-id/password-reset-link');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Ugyldig id/);
    expect(await PasswordResetModel.countDocuments()).toBe(before);
  });

  it('is in the audit trail: made by the Admin, about the user', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    await linkFor(target);
    const entries = await c.adminA.get<Array<{ action: string; actorName: string; targetName: string }>>('/api/admin/audit');
    expect(entries.body).toContainEqual(
      expect.objectContaining({ action: 'user.resetLinkMade', actorName: 'Admin A', targetName: target.name }),
    );
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once: the old one and the link stop working', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const { link } = await linkFor(target);
    const used = await use(tokenOf(link), 'helt-nytt-passord');
    expect(used.status).toBe(200);
    expect(used.body.message).toBe(PASSWORD_RESET_TEXTS.done);
    expect(await signsInWith(target, 'helt-nytt-passord')).toBe(200);
    expect(await signsInWith(target, 'passord123')).toBe(401);
    const again = await use(tokenOf(link), 'et-tredje-passord');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    expect(await signsInWith(target, 'helt-nytt-passord')).toBe(200);
    const audit = await AuditModel.findOne({ action: 'user.resetLinkUsed', targetId: target.id }).lean();
    expect(audit).toMatchObject({ actorName: target.name, targetName: target.name, schoolId: expect.anything() });
  });

  it('ends every session and live connection of the user, with the reason told', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const before = await signedIn(server.baseUrl, target);
    const socket = await connectSocket(server.baseUrl, before.cookie);
    sockets.push(socket);
    const told = record(socket, ['session.ended']);
    const closed = waitForDisconnect(socket);
    const { link } = await linkFor(target);
    expect((await use(tokenOf(link))).status).toBe(200);
    await closed;
    expect(told).toEqual([{ event: 'session.ended', payload: { reason: 'passwordReset' } }]);
    expect((await before.get('/api/auth/me')).status).toBe(401);
    await expect(connectSocket(server.baseUrl, before.cookie)).rejects.toThrow();
  });

  it('expires after 24 hours', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const { link } = await linkFor(target);
    const hash = await passwordHashOf(target.id);
    clock.set(new Date(clock.now().getTime() + 24 * 3_600_000));
    const late = await use(tokenOf(link));
    expect(late.body).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    expect(await passwordHashOf(target.id)).toBe(hash);
    // A minute before the end it works.
    clock.set(new Date('2026-03-10T12:00:00Z'));
    const fresh = await linkFor(target);
    clock.set(new Date(clock.now().getTime() + 24 * 3_600_000 - 60_000));
    expect((await use(tokenOf(fresh.link))).status).toBe(200);
  });

  it('a new link voids the earlier one', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const first = await linkFor(target);
    const second = await linkFor(target, c.platform, `?schoolId=${fx.a.id}`);
    expect((await use(tokenOf(first.link))).body).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    expect((await use(tokenOf(second.link))).status).toBe(200);
  });

  it('a deactivated user’s link does not work, and changes nothing', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const { link } = await linkFor(target);
    expect((await c.adminA.post(`/api/admin/users/${target.id}/deactivate`)).status).toBe(200);
    const hash = await passwordHashOf(target.id);
    const res = await use(tokenOf(link));
    expect(res.body).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    expect(await passwordHashOf(target.id)).toBe(hash);
  });

  it('an unknown or malformed token, or a password against the rules: a clear 400 in Norwegian, nothing changed', async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt');
    const { link } = await linkFor(target);
    const hash = await passwordHashOf(target.id);
    for (const token of ['A'.repeat(43), 'kort', tokenOf(link).slice(0, 42) + '!']) {
      expect((await use(token)).body, token).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    }
    const short = await use(tokenOf(link), '12345');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Feltet «nytt passord»: Passordet må være minst 6 tegn');
    for (const body of [
      {},
      { token: tokenOf(link) },
      { token: { $ne: 'x' }, newPassword: 'nytt-passord' },
      { token: '', newPassword: 'nytt-passord' },
    ]) {
      const res = await anonymous().post<{ message: string }>('/api/auth/reset-password', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(/^Feltet «(lenke|nytt passord)»/);
    }
    expect(await passwordHashOf(target.id)).toBe(hash);
    // The link itself still works after all that.
    expect((await use(tokenOf(link))).status).toBe(200);
  });
});
