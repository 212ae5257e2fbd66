import { z } from 'zod';
import { OIDC_PROVIDER_ID } from '#protocol/oidc';

/**
 * `emailDomains`: the address domains this provider is the authority for (a school's Feide realm,
 * its Entra tenant's domains). Only then may its verified e-mail link an existing account; without
 * it, accounts are found only by a stored (issuer, subject) link, or a new person registers.
 */
export type OidcProviderConfig = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomains?: string[];
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http issuer is taken only on this machine and never in production (a test's or a developer's own provider). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

const SHAPE = 'OIDC_PROVIDERS må være en JSON-liste av { "id", "name", "issuer", "clientId", "clientSecret" }';

const providerSchema = z.object(
  {
    id: z.string({ error: 'id mangler' }).regex(OIDC_PROVIDER_ID, 'id kan bare ha små bokstaver, sifre og bindestrek (maks 40 tegn)'),
    name: z.string({ error: 'name mangler' }).trim().min(1, 'name mangler').max(60, 'name er for langt'),
    issuer: z.url({ error: 'issuer må være en adresse (https://…)' }),
    clientId: z.string({ error: 'clientId mangler' }).min(1, 'clientId mangler'),
    clientSecret: z.string({ error: 'clientSecret mangler' }).min(1, 'clientSecret mangler'),
    emailDomains: z
      .array(
        z
          .string({ error: 'emailDomains må være en liste av domener' })
          .trim()
          .toLowerCase()
          .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'emailDomains: ugyldig domene (f.eks. skole.no)'),
        { error: 'emailDomains må være en liste av domener' },
      )
      .optional(),
  },
  { error: SHAPE },
);

/** OIDC_PROVIDERS, checked at start: a bad value stops the server with a Norwegian message saying what is wrong. */
export function parseOidcProviders(value: string | undefined, env: string): OidcProviderConfig[] {
  if (value === undefined || value.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error(`Ugyldig konfigurasjon: OIDC_PROVIDERS er ikke gyldig JSON. ${SHAPE}.`);
  }
  const parsed = z.array(providerSchema, { error: SHAPE }).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
    throw new Error(`Ugyldig konfigurasjon: OIDC_PROVIDERS: ${problems}`);
  }
  const ids = new Set<string>();
  for (const provider of parsed.data) {
    if (ids.has(provider.id)) throw new Error(`Ugyldig konfigurasjon: OIDC_PROVIDERS har id «${provider.id}» to ganger.`);
    ids.add(provider.id);
    const issuer = new URL(provider.issuer);
    const allowed = issuer.protocol === 'https:' || (env !== 'production' && isLoopbackHttp(issuer));
    if (!allowed) throw new Error(`Ugyldig konfigurasjon: OIDC_PROVIDERS: issuer for «${provider.id}» må bruke https.`);
  }
  return parsed.data;
}
