import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      demoData: false,
      cookieSecure: false,
    });
    expect(config.mongodbUri).toBeUndefined();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses to start in production without a real session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'kort' })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    expect(config.cookieSecure).toBe(true);
  });

  it('treats empty variables as unset and parses flags', () => {
    const config = loadConfig({ PLATFORM_ADMIN_EMAIL: '', PLATFORM_ADMIN_PASSWORD: '', DEMO_DATA: 'on', PORT: '4000' });
    expect(config.platformAdmin).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.port).toBe(4000);
  });

  it('wants the platform admin e-mail and password together', () => {
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAIL: 'a@b.no' })).toThrow(/PLATFORM_ADMIN/);
    expect(loadConfig({ PLATFORM_ADMIN_EMAIL: 'a@b.no', PLATFORM_ADMIN_PASSWORD: 'hemmelig' }).platformAdmin).toEqual({
      email: 'a@b.no',
      password: 'hemmelig',
    });
  });

  it('rejects nonsense values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: 'kanskje' })).toThrow(/DEMO_DATA/);
  });

  it('never trusts every proxy: TRUST_PROXY names the proxy, or is off', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toBe('10.0.0.5');
    expect(loadConfig({ TRUST_PROXY: '172.16.0.0/12, loopback' }).trustProxy).toBe('172.16.0.0/12,loopback');
    for (const bad of ['true', '1', 'yes', '*', 'proxy.example.no'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('logs to standard output unless LOG_FILE names a file; restarts the embedded database after a second unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ logFile: undefined, embeddedRestartDelayMs: 1000 });
    expect(loadConfig({ LOG_FILE: '/var/log/tilsynsvakt/app.log', EMBEDDED_DB_RESTART_SECONDS: '2.5' })).toMatchObject({
      logFile: '/var/log/tilsynsvakt/app.log',
      embeddedRestartDelayMs: 2500,
    });
    for (const bad of ['0', '-1', '301', 'snart'])
      expect(() => loadConfig({ EMBEDDED_DB_RESTART_SECONDS: bad }), bad).toThrow(/EMBEDDED_DB_RESTART_SECONDS/);
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
  });
});
