import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_FAILURE_PARAM } from '#protocol/oidc';
import { seedFixture, type Fixture } from '../../../test/fixtures';
import { startTestProviders, type TestAccount, type TestProvider, type TestProviders } from '../../../test/oidcProvider';
import { RedirectWalker } from '../../../test/redirectWalker';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';

/**
 * Issue 43: a provider's e-mail links an existing account only where the provider is the authority
 * for the address's domain (`emailDomains`), never onto an account linked from another provider,
 * and the link is stored only once the sign-in is allowed. Here Feide is the authority for
 * test.no and Microsoft for nothing.
 */
let idps: TestProviders;
let server: TestServer;
let fx: Fixture;

beforeAll(async () => {
  idps = await startTestProviders();
  const providers = (JSON.parse(idps.env.OIDC_PROVIDERS) as Array<{ id: string; emailDomains?: string[] }>).map((provider) =>
    provider.id === 'microsoft' ? { ...provider, emailDomains: undefined } : provider,
  );
  server = await startTestServer({ OIDC_PROVIDERS: JSON.stringify(providers) });
  idps.attach(server.baseUrl);
  fx = await seedFixture();
});
afterAll(async () => {
  await server?.close();
  await idps?.close();
});

let subjects = 0;
const account = (fields: Omit<TestAccount, 'sub'>): TestAccount => ({ sub: `lenke-${(subjects += 1)}`, ...fields });
const failure = (code: string) => `/login?${OIDC_FAILURE_PARAM}=${code}`;
const identitiesOf = async (userId: string) => (await UserModel.findById(userId).lean())?.identities ?? [];

async function signInWith(provider: TestProvider, who: TestAccount) {
  const walker = new RedirectWalker(server.baseUrl);
  provider.signInAs(who);
  const { url } = await walker.follow(`/api/auth/oidc/${provider.id}/start`);
  return { walker, landed: url.pathname + url.search };
}

describe('linking by e-mail', () => {
  it('not by a provider that is not the authority for the domain, however verified', async () => {
    const { walker, landed } = await signInWith(idps.microsoft, account({ email: fx.a.supervisor.email, email_verified: true }));
    expect(landed).toBe(failure('notAuthority'));
    expect((await walker.me()).status).toBe(401);
    expect(await identitiesOf(fx.a.supervisor.id)).toHaveLength(0);
  });

  it('by the authority for the domain, and afterwards by the link', async () => {
    const who = account({ email: fx.a.caretaker.email, email_verified: true });
    expect((await signInWith(idps.feide, who)).landed).toBe('/vaktmester');
    expect(await identitiesOf(fx.a.caretaker.id)).toHaveLength(1);
  });

  it('never onto an account that already has a link from another provider', async () => {
    await UserModel.updateOne(
      { _id: fx.b.supervisor.id },
      {
        $push: {
          identities: { issuer: 'https://annen.example', subject: 'x', providerId: 'annen', providerName: 'Annen', linkedAt: new Date() },
          identityKeys: 'https://annen.example x',
        },
      },
    );
    const { walker, landed } = await signInWith(idps.feide, account({ email: fx.b.supervisor.email, email_verified: true }));
    expect(landed).toBe(failure('otherIdentity'));
    expect((await walker.me()).status).toBe(401);
    expect((await identitiesOf(fx.b.supervisor.id)).map((identity) => identity.providerId)).toEqual(['annen']);
  });

  it('is stored only once the sign-in is allowed: not for an Admin refused for a missing second factor', async () => {
    await School.updateOne({ _id: fx.b.id }, { $set: { requireSecondFactor: true } });
    try {
      const { walker, landed } = await signInWith(idps.feide, account({ email: fx.b.admin.email, email_verified: true }));
      expect(landed).toBe(failure('secondFactor'));
      expect((await walker.me()).status).toBe(401);
      expect(await identitiesOf(fx.b.admin.id)).toHaveLength(0);
    } finally {
      await School.updateOne({ _id: fx.b.id }, { $set: { requireSecondFactor: false } });
    }
  });
});
