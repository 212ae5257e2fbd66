import * as client from 'openid-client';
import type { OidcProvider } from '#protocol/oidc';
import type { Config } from '../../config';
import { isLoopbackHttp, type OidcProviderConfig } from '../../oidcConfig';

/** How long a provider may take to answer one request (discovery, token, userinfo, keys). */
const PROVIDER_TIMEOUT_MS = 10_000;

const withTimeout: client.CustomFetch = (url, options) =>
  fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as RequestInit);

export type ConfiguredProvider = OidcProviderConfig & { configuration(): Promise<client.Configuration> };

/**
 * The configured OpenID providers (OIDC_PROVIDERS). Each provider's discovery document is read at
 * its first use and kept; a provider that is down at start stops nothing, and a failed discovery
 * is tried again at the next sign-in.
 */
export class OidcProviders {
  private readonly byId = new Map<string, ConfiguredProvider>();

  constructor(config: Pick<Config, 'oidcProviders' | 'env'>) {
    for (const provider of config.oidcProviders) {
      let discovered: Promise<client.Configuration> | null = null;
      const configuration = () => {
        discovered ??= discover(provider, config.env).catch((error: unknown) => {
          discovered = null;
          throw error;
        });
        return discovered;
      };
      this.byId.set(provider.id, { ...provider, configuration });
    }
  }

  /** What the sign-in page shows: ids and names, never an issuer's secret. */
  list(): OidcProvider[] {
    return [...this.byId.values()].map(({ id, name }) => ({ id, name }));
  }

  get(id: string): ConfiguredProvider | undefined {
    return this.byId.get(id);
  }

  /** The provider whose issuer this is (a session's ID token names it). */
  byIssuer(issuer: string): ConfiguredProvider | undefined {
    return [...this.byId.values()].find((provider) => provider.issuer === issuer);
  }
}

async function discover(provider: OidcProviderConfig, env: string): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer);
  // Plain http only for a provider on this machine outside production (config refuses it otherwise).
  const insecure = env !== 'production' && isLoopbackHttp(issuer);
  // client_secret_basic: what OpenID Connect registration defaults to, and what Feide and Entra ID take.
  const configuration = await client.discovery(
    issuer,
    provider.clientId,
    { client_secret: provider.clientSecret },
    client.ClientSecretBasic(provider.clientSecret),
    {
      [client.customFetch]: withTimeout,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  configuration[client.customFetch] = withTimeout;
  return configuration;
}
