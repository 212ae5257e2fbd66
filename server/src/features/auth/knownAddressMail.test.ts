import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { makeUser, signInCallers, type CallerName, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { ownOriginEnv } from '../../../test/ownOrigin';
import { startSeededServer } from '../../../test/seededServer';
import { decodeHeader, startSmtpServer, type TestSmtpServer } from '../../../test/smtpServer';
import { startSibling, type TestServer } from '../../../test/testServer';
import { UserModel } from '../../core/accounts/userModel';

/**
 * Registering with an address that has an account (issue 45), against a real SMTP server on
 * loopback: the answer is the one every address gets, and the owner of the address is mailed
 * (after the answer, limited as 'Glemt passord?' is, silently); without mail set up, nobody.
 */
const MAIL_FROM = 'Tilsynsvakt <tilsynsvakt@skole.example>';

type Started = { server: TestServer; fx: Fixture; smtp: TestSmtpServer; c: Callers };
const s = {} as Started;
beforeAll(async () => {
  s.smtp = await startSmtpServer();
  ({ server: s.server, fx: s.fx } = await startSeededServer({ SMTP_URL: s.smtp.url, MAIL_FROM, ...(await ownOriginEnv()) }));
  s.c = await signInCallers(s.server.baseUrl, s.fx);
});
afterAll(async () => {
  await s.server?.close();
  await s.smtp?.close();
});

const NAME = 'Ukjent Person';
const register = (baseUrl: string, email: string, schoolId = s.fx.a.id) =>
  new ApiClient(baseUrl).post<{ message: string }>('/api/auth/register', { schoolId, name: NAME, email, password: 'hemmelig1' });
const mailsTo = (email: string) => s.smtp.mails.filter((mail) => mail.to.includes(email));

describe('with e-mail configured', () => {
  it('the owner of a taken address gets one plain-text Norwegian mail, sent after the same answer a new address gets', async () => {
    const owner = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const fresh = await register(s.server.baseUrl, 'helt.ny@test.no');
    // The SMTP server takes no mail until released: an answer that waited for the mail would never come.
    const release = s.smtp.hold();
    const taken = await register(s.server.baseUrl, `  ${owner.email.toUpperCase()} `);
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ message: TEXTS.registered });
    release();
    await s.server.app.resetMailer!.idle();
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe('tilsynsvakt@skole.example');
    expect(decodeHeader(mail!.headers.subject!)).toBe('Noen prøvde å registrere seg i Tilsynsvakt med e-postadressen din');
    expect(mail!.headers['content-type']).toMatch(/^text\/plain/);
    const text = mail!.text.replace(/=\r?\n/g, '');
    expect(text).toContain('Adressen har allerede en konto, så det ble ikke laget noen ny.');
    expect(text).toContain(`${s.server.config.publicOrigin}/login`);
    expect(text).toContain(`${s.server.config.publicOrigin}/glemt-passord`);
    expect(text).toContain('«Glemt passord?»');
    // Nothing the person registering typed, and not the owner's name either.
    expect(text).not.toContain(NAME);
    expect(text).not.toContain(owner.name);
    // The account is as it was: no second one, the owner still approved.
    expect(await UserModel.countDocuments({ email: owner.email })).toBe(1);
    expect((await UserModel.findById(owner.id).lean())?.status).toBe('approved');
    expect(mailsTo('helt.ny@test.no')).toHaveLength(0);
  });

  it('registering at another school with the address mails its owner all the same', async () => {
    const owner = await makeUser(s.fx.a.id, 'Admin');
    const res = await register(s.server.baseUrl, owner.email, s.fx.b.id);
    expect(res).toMatchObject({ status: 201, body: { message: TEXTS.registered } });
    await s.server.app.resetMailer!.idle();
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('a pending, a deactivated and a Plattformadministrator’s address get the same answer and no mail', async () => {
    // A registration waiting for approval can be made by anyone with any address: it is mailed nothing.
    const pending = await makeUser(s.fx.a.id, 'Tilsynsvakt', 'pending');
    const before = s.smtp.mails.length;
    for (const email of [pending.email, s.fx.a.deactivated.email, s.fx.platformAdmin.email]) {
      const res = await register(s.server.baseUrl, email);
      expect(res.status, email).toBe(201);
      expect(res.body, email).toEqual({ message: TEXTS.registered });
    }
    await s.server.app.resetMailer!.idle();
    expect(s.smtp.mails).toHaveLength(before);
  });

  it('answers every role alike: the route is public, and a session changes nothing', async () => {
    const owner = await makeUser(s.fx.b.id, 'Vaktmester');
    const callers: CallerName[] = ['anonymous', 'adminA', 'supervisorA', 'caretakerA', 'pendingA', 'deactivatedA', 'adminB', 'platform'];
    for (const name of callers) {
      const res = await s.c[name].post('/api/auth/register', {
        schoolId: s.fx.b.id,
        name: NAME,
        email: owner.email,
        password: 'hemmelig1',
      });
      expect(res.status, name).toBe(201);
      expect(res.body, name).toEqual({ message: TEXTS.registered });
    }
    await s.server.app.resetMailer!.idle();
    // Eight tries, three mails: the limit per address (below).
    expect(mailsTo(owner.email)).toHaveLength(3);
  });

  it('bad input: a clear 400 in Norwegian, and no mail to the address', async () => {
    const owner = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const before = s.smtp.mails.length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ schoolId: s.fx.a.id, name: NAME, email: owner.email, password: '12345' }, 'Feltet «passord»: Passordet må være minst 6 tegn'],
      [{ schoolId: s.fx.a.id, name: '', email: owner.email, password: 'hemmelig1' }, 'Feltet «navn»: Navn må fylles ut'],
      [{ schoolId: 'ikke-en-id', name: NAME, email: owner.email, password: 'hemmelig1' }, 'Feltet «skole»: Ugyldig id'],
      [{ schoolId: s.fx.a.id, name: NAME, email: { $ne: '' }, password: 'hemmelig1' }, 'Feltet «e-post»: E-post må fylles ut'],
    ];
    for (const [body, message] of refusals) {
      const res = await new ApiClient(s.server.baseUrl).post<{ message: string }>('/api/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    await s.server.app.resetMailer!.idle();
    expect(s.smtp.mails).toHaveLength(before);
  });
});

describe('limits: 3 mails an hour per address, 10 an hour per IP address, and the answer never changes', () => {
  // An instance of its own on the same database: its counts start at nought.
  let sibling: { app: FastifyInstance; url: string };
  beforeAll(async () => void (sibling = await startSibling(s.server.config)));
  afterAll(async () => sibling?.app.close());

  it('a fourth try for one address is answered alike and mails nothing; after ten mails from one IP address, no more', async () => {
    const owner = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const answers: number[] = [];
    for (const email of [owner.email, owner.email, owner.email, owner.email, owner.email.toUpperCase()])
      answers.push((await register(sibling.url, email)).status);
    expect(answers).toEqual([201, 201, 201, 201, 201]);
    await sibling.app.resetMailer!.idle();
    expect(mailsTo(owner.email)).toHaveLength(3);

    // Three mails so far from this IP address: seven more owners are mailed, the eighth is not.
    const owners = await Promise.all(Array.from({ length: 8 }, () => makeUser(s.fx.a.id, 'Tilsynsvakt')));
    for (const other of owners) expect((await register(sibling.url, other.email)).body).toEqual({ message: TEXTS.registered });
    await sibling.app.resetMailer!.idle();
    expect(owners.map((other) => mailsTo(other.email).length)).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
  });
});

describe('without e-mail configured', () => {
  let sibling: { app: FastifyInstance; url: string };
  beforeAll(async () => void (sibling = await startSibling({ ...s.server.config, mail: undefined })));
  afterAll(async () => sibling?.app.close());

  it('the same answer, no mail, and the account unchanged', async () => {
    const owner = await makeUser(s.fx.a.id, 'Tilsynsvakt');
    const before = s.smtp.mails.length;
    const res = await register(sibling.url, owner.email);
    expect(res).toMatchObject({ status: 201, body: { message: TEXTS.registered } });
    expect(sibling.app.resetMailer).toBeNull();
    expect(s.smtp.mails).toHaveLength(before);
    expect(await UserModel.countDocuments({ email: owner.email })).toBe(1);
  });
});
