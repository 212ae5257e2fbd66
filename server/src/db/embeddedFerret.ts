import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureFerretBinary } from './ferretBinary';

export type EmbeddedDatabase = {
  uri: string;
  stop: () => Promise<void>;
  /** The FerretDB process's id (the supervisor names it in the pid file under DATA_DIR). */
  pid: number | undefined;
  /** Settles when the process ends, whoever ended it. */
  exited: Promise<number | null>;
};

/**
 * Starts FerretDB as a child process on a free loopback port with its SQLite files in dataDir.
 * The child also stops by itself when our end of its stdin closes (e.g. if we crash).
 */
export async function startEmbeddedDatabase(dataDir: string, log?: (line: string) => void, port = 0): Promise<EmbeddedDatabase> {
  const binary = await ensureFerretBinary(log);
  const child = spawn(binary, ['--listen', `127.0.0.1:${port}`, '--data', dataDir, '--log-level', 'error'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const uri = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('FerretDB startet ikke innen 60 sekunder')), 60_000);
    lines.on('line', (line) => {
      const match = /^ready (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`FerretDB stoppet under oppstart (kode ${code})`));
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      child.stdin.end();
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timeout);
    })();
    return stopping;
  };
  return { uri, stop, pid: child.pid, exited };
}
