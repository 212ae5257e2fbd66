import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A throwaway redis-server on a free loopback port (or a given one, to bring it back), no persistence. */
export async function startRedis(port?: number): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  port ??= await freePort();
  const child = spawn(
    process.env.REDIS_SERVER_PATH ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 10 s')), 10_000);
    child.once('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
