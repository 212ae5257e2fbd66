import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('SMTP_URL and MAIL_FROM', () => {
  it('are off unless both are set; then they are kept as given', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).mail).toBeUndefined();
    const origin = { PUBLIC_ORIGIN: 'https://tilsyn.skole.no' };
    expect(
      loadConfig({ SMTP_URL: 'smtp://bruker:pass@smtp.skole.no:587', MAIL_FROM: 'Tilsynsvakt <tilsynsvakt@skole.no>', ...origin }).mail,
    ).toEqual({
      smtpUrl: 'smtp://bruker:pass@smtp.skole.no:587',
      from: 'Tilsynsvakt <tilsynsvakt@skole.no>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://smtp.skole.no', MAIL_FROM: 'tilsynsvakt@skole.no', ...origin }).mail?.from).toBe(
      'tilsynsvakt@skole.no',
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.skole.no' })).toThrow(/SMTP_URL og MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'tilsynsvakt@skole.no' })).toThrow(/SMTP_URL og MAIL_FROM/);
  });

  it('refuse what is not an SMTP server or an address, with a clear message', () => {
    for (const bad of ['http://smtp.skole.no', 'smtp.skole.no:587', 'smtp://', 'mailto:x@y.no']) {
      expect(() => loadConfig({ SMTP_URL: bad, MAIL_FROM: 'a@b.no' }), bad).toThrow(/SMTP_URL må være en smtp/);
    }
    for (const bad of ['tilsynsvakt', 'Tilsynsvakt <>', 'a@b.no\r\nBcc: c@d.no', 'a b@c.no']) {
      expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.skole.no', MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM må være en e-postadresse/);
    }
  });

  it('only with PUBLIC_ORIGIN, in every mode: a mailed link never takes its address from a request’s Host', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://smtp.skole.no',
      MAIL_FROM: 'a@skole.no',
    };
    for (const env of [production, { ...production, NODE_ENV: 'development' }, { ...production, NODE_ENV: 'test' }]) {
      expect(() => loadConfig(env), env.NODE_ENV).toThrow(/SMTP_URL krever PUBLIC_ORIGIN/);
      expect(loadConfig({ ...env, PUBLIC_ORIGIN: 'https://tilsyn.skole.no' }).mail).toBeDefined();
    }
  });
});
