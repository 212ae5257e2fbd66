import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const feide = { id: 'feide', name: 'Feide', issuer: 'https://auth.dataporten.no', clientId: 'klient', clientSecret: 'hemmelig' };
const microsoft = {
  id: 'microsoft',
  name: 'Microsoft',
  issuer: 'https://login.microsoftonline.com/TENANT-ID/v2.0',
  clientId: 'app-id',
  clientSecret: 'hemmelig',
};
const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };

describe('OIDC_PROVIDERS', () => {
  it('is none unless set, and a list of providers when it is', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(loadConfig({ OIDC_PROVIDERS: '' }).oidcProviders).toEqual([]);
    expect(loadConfig({ ...production, OIDC_PROVIDERS: JSON.stringify([feide, microsoft]) }).oidcProviders).toEqual([feide, microsoft]);
  });

  it('takes the domains a provider is the authority for (issue 43), in lower case, and refuses what is not a domain', () => {
    const withDomains = { ...feide, emailDomains: [' Skole.NO ', 'elev.skole.no'] };
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([withDomains]) }).oidcProviders[0]!.emailDomains).toEqual([
      'skole.no',
      'elev.skole.no',
    ]);
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([feide]) }).oidcProviders[0]!.emailDomains).toBeUndefined();
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, emailDomains: ['@skole.no'] }]) })).toThrow(
      'emailDomains: ugyldig domene',
    );
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, emailDomains: 'skole.no' }]) })).toThrow(
      'emailDomains må være en liste av domener',
    );
  });

  it('says in Norwegian what is wrong: bad JSON, a missing field, a bad id, the same id twice', () => {
    expect(() => loadConfig({ OIDC_PROVIDERS: '[{"id": "feide",' })).toThrow('Ugyldig konfigurasjon: OIDC_PROVIDERS er ikke gyldig JSON');
    expect(() => loadConfig({ OIDC_PROVIDERS: '{"id":"feide"}' })).toThrow(/OIDC_PROVIDERS må være en JSON-liste/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, clientSecret: undefined }]) })).toThrow(
      /0\.clientSecret: clientSecret mangler/,
    );
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, id: 'Feide ID' }]) })).toThrow(/id kan bare ha små bokstaver/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, issuer: 'ikke en adresse' }]) })).toThrow(
      /issuer må være en adresse/,
    );
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([feide, feide]) })).toThrow(/«feide» to ganger/);
  });

  it('wants https issuers; plain http only on this machine, and never in production', () => {
    const local = JSON.stringify([{ ...feide, issuer: 'http://127.0.0.1:4000' }]);
    expect(loadConfig({ OIDC_PROVIDERS: local }).oidcProviders).toHaveLength(1);
    expect(() => loadConfig({ ...production, OIDC_PROVIDERS: local })).toThrow(/må bruke https/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...feide, issuer: 'http://idp.example.com' }]) })).toThrow(
      /må bruke https/,
    );
  });
});
