import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);

/** A bench script in a process of its own, spoken to over IPC: `ask` sends a message and waits for the reply holding `key`. */
export type Child = { process: ChildProcess; first: Record<string, unknown>; ask: <T>(message: object, key: string) => Promise<T> };

export function forkScript(script: string, execArgv: string[] = [], env: Record<string, string> = {}): Promise<Child> {
  const child = fork(path.join(HERE, script), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: Record<string, unknown>) => {
        if (reply.error) reject(new Error(String(reply.error)));
        else if (key in reply) resolve(reply[key] as T);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  // The script's first message says it is ready (and, for a server, where it listens).
  return new Promise<Child>((resolve) =>
    child.once('message', (first: Record<string, unknown>) => resolve({ process: child, first, ask })),
  );
}

/** Resident memory of a process (bytes), as the kernel counts it. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb[1]) * 1024;
}
