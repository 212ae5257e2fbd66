import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabaseName } from './db/connect';
import { projectRoot } from './projectRoot';

/** The compiled server on plain node, as the Docker image runs it: no tsx, the client built once. */
const ROOT = projectRoot();
let child: ChildProcess;
let base: string;
let output = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const port = await freePort();
  child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: withDatabaseName(inject('mongoServerUri'), `prod_${port}`),
      SESSION_SECRET: 'en-lang-hemmelighet-bare-for-denne-testen-0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!output.includes('Tilsynsvakt kjører')) {
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`the compiled server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('the production build', () => {
  it('runs on plain node and reports its database healthy', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(existsSync(path.join(ROOT, 'dist/server/main.js'))).toBe(true);
  });

  it('sends hashed assets precompressed and cached for good, and the page itself uncached', async () => {
    const assets = readdirSync(path.join(ROOT, 'dist/client/assets'));
    const script = assets.find((name) => name.startsWith('index-') && name.endsWith('.js'))!;
    const br = await fetch(`${base}/assets/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await fetch(`${base}/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // The decoded body is the script itself, whichever encoding carried it.
    expect(await br.text()).toBe(await gz.text());

    const page = await fetch(`${base}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain(`/assets/${script}`);
  });
});
