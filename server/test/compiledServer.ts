import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { projectRoot } from '../src/projectRoot';
import { testVapidEnv } from './testVapidKeys';

export type CompiledServer = { base: string; pid: number; output: () => string; stop: () => Promise<void> };

/** A free loopback port (for a server, or a process's inspector). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The server compiled as production compiles it, in a process of its own: another instance, or
 * the shipped build. Built into a folder of its own under dist/, so test files may do it at once.
 */
export async function startCompiledServer(env: Record<string, string>, nodeFlags: string[] = []): Promise<CompiledServer> {
  const root = projectRoot();
  const outdir = path.join(root, 'dist', `server-test-${randomBytes(4).toString('hex')}`);
  const build = spawnSync(process.execPath, ['scripts/buildServer.mjs', outdir], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, path.join(outdir, 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...testVapidEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  while (!output.includes('Tilsynsvakt kjører')) {
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      rmSync(outdir, { recursive: true, force: true });
      throw new Error(`the compiled server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
