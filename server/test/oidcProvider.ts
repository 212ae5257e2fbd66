import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * Real OpenID providers for the tests (oidc-provider 8, the certified one), on loopback http: a
 * Feide-like one (its ID token carries only `sub`, name and e-mail come from userinfo, as Feide's
 * do) and an Entra-like one (name and e-mail in the ID token). Development-style settings: plain
 * http on 127.0.0.1, PKCE required of every client, consent taken as given for our one client,
 * and a login interaction that signs in the account the test chose (`signInAs`) without a form,
 * the same from fetch and from Chromium. RP-initiated logout's confirmation page submits itself.
 */

export type TestAccount = { sub: string; email?: string; email_verified?: boolean; name?: string };

export const TEST_CLIENT = { id: 'tilsynsvakt-test', secret: 'tilsynsvakt-test-klienthemmelighet-0123456789' };

export type TestProvider = {
  id: string;
  name: string;
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** The account the next login interaction signs in. */
  signInAs(account: TestAccount): void;
  /** Sign-outs the provider finished (RP-initiated logout), by subject. */
  endedSessions: string[];
};

export type TestProviders = {
  feide: TestProvider;
  microsoft: TestProvider;
  /** OIDC_PROVIDERS for the app under test. */
  env: { OIDC_PROVIDERS: string };
  /** Once the app listens: its origin is the clients' redirect and post-logout URIs. */
  attach(appOrigin: string): void;
  close(): Promise<void>;
};

async function listen(): Promise<{
  server: Server;
  issuer: string;
  handle: { fn: ((req: IncomingMessage, res: ServerResponse) => void) | null };
}> {
  const handle: { fn: ((req: IncomingMessage, res: ServerResponse) => void) | null } = { fn: null };
  const server = createServer((req, res) => {
    if (handle.fn) return handle.fn(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, handle, issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function providerFor(
  spec: { id: string; issuer: string; idTokenHasClaims: boolean },
  appOrigin: string,
  state: { accounts: Map<string, TestAccount>; next: TestAccount | null; endedSessions: string[] },
): { provider: Provider; interact: (req: IncomingMessage, res: ServerResponse) => Promise<void> } {
  const provider = new Provider(spec.issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [`${appOrigin}/api/auth/oidc/${spec.id}/callback`],
        post_logout_redirect_uris: [`${appOrigin}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['oidc-provider-testnokkel-0123456789abcdef'] },
    // A signing key of its own (without one oidc-provider warns that it uses its quick-start keys).
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: `${spec.id}-test`,
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !spec.idTokenHasClaims,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = state.accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...state.accounts.get(sub), sub }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Our one client is first-party: consent is taken as given (oidc-provider's documented recipe).
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = `<!DOCTYPE html><html lang="nb"><head><meta charset="utf-8"><title>Logger ut</title></head><body>${form}<input form="op.logoutForm" type="hidden" name="logout" value="yes"><script>document.getElementById('op.logoutForm').submit()</script></body></html>`;
        },
      },
    },
  });
  provider.on('end_session.success', (...args: unknown[]) => {
    const ctx = args[0] as { oidc?: { session?: { accountId?: string } } };
    state.endedSessions.push(ctx.oidc?.session?.accountId ?? '');
  });
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const account = state.next;
    if (details.prompt.name !== 'login' || !account) {
      res.statusCode = 400;
      res.end(`unexpected interaction ${details.prompt.name}`);
      return;
    }
    state.accounts.set(account.sub, account);
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  };
  return { provider, interact };
}

export async function startTestProviders(): Promise<TestProviders> {
  const specs = [
    { id: 'feide', name: 'Feide', idTokenHasClaims: false },
    { id: 'microsoft', name: 'Microsoft', idTokenHasClaims: true },
  ] as const;
  const listening = await Promise.all(specs.map(async (spec) => ({ spec, ...(await listen()) })));
  const states = listening.map(() => ({
    accounts: new Map<string, TestAccount>(),
    next: null as TestAccount | null,
    endedSessions: [] as string[],
  }));
  const [feide, microsoft] = listening.map(({ spec, issuer }, i): TestProvider => ({
    id: spec.id,
    name: spec.name,
    issuer,
    accounts: states[i]!.accounts,
    endedSessions: states[i]!.endedSessions,
    signInAs: (account) => {
      states[i]!.next = account;
    },
  }));
  return {
    feide: feide!,
    microsoft: microsoft!,
    env: {
      OIDC_PROVIDERS: JSON.stringify(
        listening.map(({ spec, issuer }) => ({
          id: spec.id,
          name: spec.name,
          issuer,
          clientId: TEST_CLIENT.id,
          clientSecret: TEST_CLIENT.secret,
          emailDomains: ['test.no'],
        })),
      ),
    },
    attach(appOrigin) {
      listening.forEach(({ spec, issuer, handle }, i) => {
        const { provider, interact } = providerFor({ ...spec, issuer }, appOrigin, states[i]!);
        const callback = provider.callback();
        handle.fn = (req, res) => {
          if (req.url?.startsWith('/interaction/')) {
            interact(req, res).catch((error: unknown) => {
              res.statusCode = 500;
              res.end(String(error));
            });
            return;
          }
          callback(req, res);
        };
      });
    },
    close: async () => {
      await Promise.all(listening.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
