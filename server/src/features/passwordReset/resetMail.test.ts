import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXTS } from '#protocol/passwordReset';
import { TEXTS } from '#protocol/texts';
import { makeUser } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { startSeededServer } from '../../../test/seededServer';
import { ownOriginEnv } from '../../../test/ownOrigin';
import { decodeHeader, resetLinkIn, SMTP_USER, startSmtpServer, type TestSmtpServer } from '../../../test/smtpServer';
import { startSibling, type TestServer } from '../../../test/testServer';
import type { FastifyInstance } from 'fastify';
import { trusted } from '../../db/trusted';
import { AuditModel } from '../audit/model';
import { PasswordResetModel } from './model';

/**
 * 'Glemt passord?' against a real SMTP server on loopback (smtp-server): the mail, its link used
 * once, the same answer for any address, and the limits per address and per IP address.
 */
const MAIL_FROM = 'Tilsynsvakt <tilsynsvakt@skole.example>';

type Started = { server: TestServer; fx: Fixture; smtp: TestSmtpServer };
const s = {} as Started;
beforeAll(async () => {
  s.smtp = await startSmtpServer();
  ({ server: s.server, fx: s.fx } = await startSeededServer({ SMTP_URL: s.smtp.url, MAIL_FROM, ...(await ownOriginEnv()) }));
});
afterAll(async () => {
  await s.server?.close();
  await s.smtp?.close();
});

const forgot = (baseUrl: string, email: string) => new ApiClient(baseUrl).post<{ message: string }>('/api/auth/forgot-password', { email });

describe('with e-mail configured', () => {
  it('says so to the sign-in page', async () => {
    const res = await new ApiClient(s.server.baseUrl).get('/api/auth/forgot-password');
    expect(res).toMatchObject({ status: 200, body: { byMail: true } });
  });

  it('an existing address gets one plain-text Norwegian mail, sent after the answer, whose link works once', async () => {
    const user = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    // The SMTP server takes no mail until released: an answer that waited for the mail would never come.
    const release = s.smtp.hold();
    const res = await new ApiClient(s.server.baseUrl).request(
      'POST',
      '/api/auth/forgot-password',
      { email: `  ${user.email.toUpperCase()} ` },
      { headers: { 'x-forwarded-host': 'angriper.example' } },
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: PASSWORD_RESET_TEXTS.mailRequested });
    expect(s.smtp.mails).toHaveLength(0);
    release();
    const [mail] = await s.smtp.waitFor(1);
    await s.server.app.resetMailer!.idle();
    expect(s.smtp.mails).toHaveLength(1);
    expect(mail!.user).toBe(SMTP_USER);
    expect(mail!.from).toBe('tilsynsvakt@skole.example');
    expect(mail!.to).toEqual([user.email]);
    expect(decodeHeader(mail!.headers.subject!)).toBe('Nytt passord i Tilsynsvakt');
    expect(mail!.headers['content-type']).toMatch(/^text\/plain/);
    // Soft line breaks run through the link: the helper joins them (server/test/smtpServer.ts).
    expect(mail!.headers['content-transfer-encoding']).toBe('quoted-printable');
    // No text anyone chose: not even the account's name (issue 43).
    expect(mail!.text).toContain('Hei!');
    expect(mail!.text).not.toContain(user.name);
    expect(mail!.text).toContain('Lenken er gyldig i 24 timer og kan brukes én gang.');
    expect(mail!.text).toContain('Hvis du ikke ba om dette, kan du se bort fra e-posten.');
    const { link, token } = resetLinkIn(mail!);
    // On PUBLIC_ORIGIN, whatever Host the request named.
    expect(link).toBe(`${s.server.config.publicOrigin}/nytt-passord#${token}`);

    const reset = () => new ApiClient(s.server.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'fra-e-posten' });
    expect((await reset()).status).toBe(200);
    expect((await new ApiClient(s.server.baseUrl).login(user.email, 'fra-e-posten')).status).toBe(200);
    expect((await reset()).body).toEqual({ message: PASSWORD_RESET_TEXTS.linkInvalid, code: 'resetLinkInvalid' });
    const actions = (await AuditModel.find({ targetId: user.id }).sort({ _id: 1 }).lean()).map((e) => [e.action, e.actorName]);
    expect(actions).toEqual([
      ['user.resetLinkMailed', 'Tilsynsvakt (automatisk)'],
      ['user.resetLinkUsed', user.name],
    ]);
  });

  it('an unknown address, a Plattformadministrator’s, a deactivated and a pending account’s get the same answer and no mail', async () => {
    const before = s.smtp.mails.length;
    // A registration waiting for approval: anyone can make one, with any name and any address.
    const pending = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    for (const email of ['ingen.her@test.no', s.fx.platformAdmin.email, s.fx.a.deactivated.email, pending.email]) {
      const res = await forgot(s.server.baseUrl, email);
      expect(res.status, email).toBe(202);
      expect(res.body, email).toEqual({ message: PASSWORD_RESET_TEXTS.mailRequested });
    }
    await s.server.app.resetMailer!.idle();
    expect(s.smtp.mails).toHaveLength(before);
    expect(
      await PasswordResetModel.countDocuments({ userId: trusted({ $in: [s.fx.platformAdmin.id, s.fx.a.deactivated.id, pending.id] }) }),
    ).toBe(0);
  });

  it('bad input: a clear 400 in Norwegian, nothing sent', async () => {
    const before = s.smtp.mails.length;
    for (const body of [{}, { email: 'ikke-en-adresse' }, { email: { $ne: '' } }]) {
      const res = await new ApiClient(s.server.baseUrl).post<{ message: string }>('/api/auth/forgot-password', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Feltet «e-post»/);
    }
    await s.server.app.resetMailer!.idle();
    expect(s.smtp.mails).toHaveLength(before);
  });
});

describe('limits: 3 an hour per address, 10 an hour per IP address', () => {
  // An instance of its own on the same database: its counts start at nought.
  let sibling: { app: FastifyInstance; url: string };
  beforeAll(async () => void (sibling = await startSibling(s.server.config)));
  afterAll(async () => sibling?.app.close());

  it('a fourth request for one address is refused, however it is written; the tenth from one IP address is the last', async () => {
    const user = await makeUser(s.fx.a.id, 'Vaktmester');
    const statuses: number[] = [];
    for (const email of [user.email, user.email, user.email, user.email, user.email.toUpperCase()])
      statuses.push((await forgot(sibling.url, email)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    await sibling.app.resetMailer!.idle();
    expect(s.smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(3);
    // The same for an address with no account: the limit tells nothing.
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) unknown.push((await forgot(sibling.url, 'ukjent@test.no')).status);
    expect(unknown).toEqual([202, 202, 202, 429]);
    // Nine requests so far from this IP address: one more, then no more for anyone.
    expect((await forgot(sibling.url, 'en.til@test.no')).status).toBe(202);
    const blocked = await forgot(sibling.url, 'annen@test.no');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: TEXTS.tooManyAttempts });
  });
});

describe('without e-mail configured', () => {
  let sibling: { app: FastifyInstance; url: string };
  beforeAll(async () => void (sibling = await startSibling({ ...s.server.config, mail: undefined })));
  afterAll(async () => sibling?.app.close());

  it('says so, and the request is refused with the way to go instead', async () => {
    expect((await new ApiClient(sibling.url).get('/api/auth/forgot-password')).body).toEqual({ byMail: false });
    const res = await forgot(sibling.url, 'admin.a@test.no');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PASSWORD_RESET_TEXTS.mailNotConfigured);
    expect(sibling.app.resetMailer).toBeNull();
  });
});
