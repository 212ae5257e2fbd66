import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_FAILURE_PARAM, OIDC_FAILURES } from '#protocol/oidc';
import { PASSKEY_TEXTS, type Passkey, type PasskeyCreationOptions, type PasskeyRequestOptions } from '#protocol/passkeys';
import { PASSWORD, seedFixture, type Fixture } from '../test/fixtures';
import { ApiClient } from '../test/httpClient';
import { startTestProviders, type TestAccount, type TestProviders } from '../test/oidcProvider';
import { RedirectWalker } from '../test/redirectWalker';
import { proveIdentity } from '../test/reauthentication';
import { signedInAs, storedSession } from '../test/sessions';
import { SoftAuthenticator } from '../test/softAuthenticator';
import { TestClock } from '../test/testClock';
import { startTestServer, type TestServer } from '../test/testServer';
import { OidcFlow } from './features/oidc/flowModel';
import { PasskeyChallenge } from './core/accounts/passkeyModel';

/**
 * One clock (issue 42): what a browser begins before it is signed in lasts by the app's clock,
 * whichever way it signs in. An OpenID flow (10 minutes) and a passkey challenge (5 minutes) are
 * begun together; the app's clock, set far from the wall clock, decides for both.
 */
const START = new Date('2031-05-06T08:00:00.000Z');
const PASSKEY_MS = 5 * 60_000;
const OIDC_MS = 10 * 60_000;
const clock = new TestClock(START);
let idps: TestProviders;
let server: TestServer;
let fx: Fixture;
let authenticator: SoftAuthenticator;
let who: TestAccount;

beforeAll(async () => {
  idps = await startTestProviders();
  server = await startTestServer(idps.env, { clock });
  idps.attach(server.baseUrl);
  fx = await seedFixture();
  who = { sub: 'en-klokke', email: fx.a.supervisor.email, email_verified: true, name: 'Sara Tilsyn' };
  // The Admin gets a passkey, as on Min konto: signed in, the password proven, the ceremony.
  authenticator = new SoftAuthenticator(server.baseUrl);
  const owner = new ApiClient(server.baseUrl).withAllCookies();
  expect((await owner.login(fx.a.admin.email, PASSWORD)).status).toBe(200);
  await proveIdentity(owner);
  const { body: creation } = await owner.post<PasskeyCreationOptions>('/api/account/passkeys/options');
  const made = await owner.post<Passkey>('/api/account/passkeys', { name: 'Telefonen', credential: authenticator.create(creation) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
});
afterEach(() => clock.set(START));
afterAll(async () => {
  await server?.close();
  await idps?.close();
});

/** A browser begins an OpenID sign-in (up to the provider's redirect back), another a passkey sign-in. */
async function beginBoth() {
  const walker = new RedirectWalker(server.baseUrl);
  idps.feide.signInAs(who);
  const { url: callback } = await walker.follow('/api/auth/oidc/feide/start', (next) => next.pathname.endsWith('/callback'));
  const browser = new ApiClient(server.baseUrl).withAllCookies();
  const options = await browser.post<PasskeyRequestOptions>('/api/auth/passkey/options');
  expect(options.status).toBe(200);
  return { walker, callback, browser, options: options.body };
}

/** Both browsers come back: the provider's redirect to the callback, the authenticator's answer. */
async function finishBoth({ walker, callback, browser, options }: Awaited<ReturnType<typeof beginBoth>>) {
  const oidc = await walker.request(callback.href);
  const passkey = await browser.post<{ user?: { id: string }; message?: string }>('/api/auth/passkey/login', {
    credential: authenticator.get(options),
  });
  return { oidcTo: oidc.headers.get('location'), walker, passkey, browser };
}

/** The rows behind what each browser began, as its session names them. */
async function expiries({ walker, browser }: Awaited<ReturnType<typeof beginBoth>>) {
  const flowId = (await storedSession(walker.cookie('tilsynsvakt.sid')))?.pending?.oidc as { id: string };
  const challengeId = (await storedSession(browser.cookie))?.pending?.passkey as { id: string };
  const flow = await OidcFlow.findById(flowId.id).lean();
  const challenge = await PasskeyChallenge.findById(challengeId.id).lean();
  return { flow: flow?.expiresAt.getTime(), challenge: challenge?.expiresAt.getTime() };
}

describe('an OpenID flow and a passkey challenge on the app’s clock', () => {
  it('are kept until the app’s clock reaches their lifetimes, and both still serve just before the shorter ends', async () => {
    const begun = await beginBoth();
    expect(await expiries(begun)).toEqual({ flow: START.getTime() + OIDC_MS, challenge: START.getTime() + PASSKEY_MS });

    clock.set(new Date(START.getTime() + PASSKEY_MS - 1000));
    const { oidcTo, walker, passkey, browser } = await finishBoth(begun);
    expect(oidcTo).toBe('/tilsynsvakt');
    expect((await walker.me()).user?.id).toBe(fx.a.supervisor.id);
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);
    expect(passkey.body.user?.id).toBe(fx.a.admin.id);
    expect(await signedInAs(browser.cookie)).toBe(fx.a.admin.id);
  });

  it('expire together when the app’s clock moves past both lifetimes: each refused with its Norwegian message', async () => {
    const begun = await beginBoth();
    clock.set(new Date(START.getTime() + OIDC_MS + 1000));
    const { oidcTo, walker, passkey, browser } = await finishBoth(begun);
    expect(oidcTo).toBe(`/login?${OIDC_FAILURE_PARAM}=expired`);
    expect(OIDC_FAILURES.expired).toBe('Innloggingen tok for lang tid, eller lenken var brukt før. Prøv igjen.');
    expect((await walker.me()).status).toBe(401);
    expect(passkey.status).toBe(400);
    expect(passkey.body.message).toBe(PASSKEY_TEXTS.expired);
    expect(PASSKEY_TEXTS.expired).toBe('Forespørselen om passnøkkel er utløpt eller allerede brukt. Prøv igjen.');
    expect(await signedInAs(browser.cookie)).toBeNull();
  });
});
