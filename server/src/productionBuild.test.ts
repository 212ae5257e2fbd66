import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompiledServer, type CompiledServer } from '../test/compiledServer';
import { dropTestDatabase, ownTestDatabase } from '../test/testDatabase';
import { projectRoot } from './projectRoot';

/** The compiled server on plain node, as the Docker image runs it: no tsx, the client built once. */
const ROOT = projectRoot();
let server: CompiledServer;
const databaseUri = ownTestDatabase('prod');

beforeAll(async () => {
  // The shipped build itself is made by the same script.
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  server = await startCompiledServer({
    NODE_ENV: 'production',
    MONGODB_URI: databaseUri,
    SESSION_SECRET: 'en-lang-hemmelighet-bare-for-denne-testen-0123456789',
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await dropTestDatabase(databaseUri);
});

describe('the production build', () => {
  it('runs on plain node and reports its database healthy', async () => {
    const res = await fetch(`${server.base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('npm run start:prod starts it in production without demo data; npm start locally with', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:prod']).toBe('NODE_ENV=production bash scripts/start.sh');
    expect(readFileSync(path.join(ROOT, 'scripts/start.sh'), 'utf8')).toMatch(
      /\nstart_defaults\nexec node [^\n]*dist\/server\/main\.js\n$/,
    );
    const demoData = (env: Record<string, string>) =>
      spawnSync('bash', ['-c', 'source scripts/lib/startDefaults.sh && start_defaults && printf %s "${DEMO_DATA-ikke satt}"'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      }).stdout;
    expect(demoData({ NODE_ENV: 'production' })).toBe('ikke satt');
    expect(demoData({})).toBe('1');
    expect(demoData({ DEMO_DATA: '0' })).toBe('0');
    // The server above runs as start:prod starts it: no demo account exists.
    const demo = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'tilsyn@demo.no', password: 'demo1234' }),
    });
    expect(demo.status).toBe(401);
  });

  it('ships the backup and restore commands compiled, for the image (docs/operations.md)', () => {
    for (const command of ['backup', 'restore']) {
      const run = spawnSync(process.execPath, [path.join(ROOT, `dist/server/${command}.js`)], { cwd: ROOT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(`Bruk: npm run ${command} -- <fil>`);
    }
  });

  it('sends hashed assets precompressed and cached for good, and the page itself uncached', async () => {
    const assets = readdirSync(path.join(ROOT, 'dist/client/assets'));
    const script = assets.find((name) => name.startsWith('index-') && name.endsWith('.js'))!;
    const br = await fetch(`${server.base}/assets/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await fetch(`${server.base}/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // The decoded body is the script itself, whichever encoding carried it.
    expect(await br.text()).toBe(await gz.text());

    const page = await fetch(`${server.base}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain(`/assets/${script}`);
    // The signed-in screens are named only in the inert template the service worker's install reads
    // (client/vite.offlineScreens.ts), which the browser never fetches: a phone that installs the
    // worker on the sign-in page keeps the night's screens for a Wi-Fi hole all the same.
    const template = /<template data-offline-screens>([\s\S]*?)<\/template>/.exec(html);
    expect(template?.[1]).toMatch(/href="\/assets\/rollCallScreens-[^"]+\.js"/);
    expect(template?.[1]).toMatch(/href="\/assets\/EvacuationPage-[^"]+\.js"/);
    expect(html.replace(template![0], '')).not.toContain('SignedInApp-');
    expect(html).not.toContain('tilsynsvakt-session');
  });

  it('ships no test hooks: nothing in the client bundle that a test could set to change how the app behaves', () => {
    const dir = path.join(ROOT, 'dist/client/assets');
    const scripts = readdirSync(dir).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const name of scripts) {
      const source = readFileSync(path.join(dir, name), 'utf8');
      expect(source, name).not.toMatch(/__TILSYNSVAKT|__TEST__|data-test-hook/);
    }
  });

  it('fetches the signed-in screens alongside the page for a browser that comes with a session', async () => {
    const signedInChunk = readdirSync(path.join(ROOT, 'dist/client/assets')).find((name) => /^SignedInApp-.*\.js$/.test(name))!;
    const page = await fetch(`${server.base}/tilsynsvakt`, { headers: { cookie: '__Host-tilsynsvakt.sid=en-økt' } });
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    const html = await page.text();
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${signedInChunk}">`);
    // Who is signed in is asked with the page, in the credentials mode of the app's own request.
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">');
    // Fetched in the same credentials mode as the stylesheet the chunk adds, so the preload is used.
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/SignedInApp-[\w-]+\.css">/);
    // The page tells its script that a session may be resumed (the cookie is HttpOnly).
    expect(html).toContain('<meta name="tilsynsvakt-session" content="1">');
  });
});
