import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/** The embedded engine's files under DATA_DIR (one SQLite file a database). */
export function embeddedDataDir(config: Config): string {
  return path.resolve(config.dataDir, 'ferretdb');
}

/** Where a running app names its embedded database (loopback only) for the tools. */
export function runningDatabaseFile(config: Config): string {
  return path.resolve(config.dataDir, 'running-database.uri');
}

/** Where the running embedded engine's process id is, while the app (or a tool) runs it. */
export function embeddedDatabasePidFile(config: Config): string {
  return path.resolve(config.dataDir, 'ferretdb.pid');
}

export async function holdsEmbeddedData(config: Config): Promise<boolean> {
  const files = await readdir(embeddedDataDir(config)).catch(() => []);
  return files.some((name) => name.endsWith('.sqlite'));
}

/**
 * What the embedded database's folders were before a tool started the engine: a tool that was
 * refused, or failed, takes away the folders its own start made (an empty tilsynsvakt.sqlite looks
 * like a database to the next tool and to the app).
 */
export async function embeddedFoldersNow(config: Config): Promise<{ removeIfCreated: () => Promise<void> }> {
  const dataDir = path.resolve(config.dataDir);
  const ferretDir = embeddedDataDir(config);
  const exists = (folder: string) =>
    stat(folder).then(
      () => true,
      () => false,
    );
  const [hadDataDir, hadFerretDir] = [await exists(dataDir), await exists(ferretDir)];
  return {
    removeIfCreated: async () => {
      if (!hadFerretDir) await rm(ferretDir, { recursive: true, force: true });
      // Only when nothing else was put there meanwhile.
      if (!hadDataDir) await rmdir(dataDir).catch(() => undefined);
    },
  };
}
