import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { withDatabaseName } from './databaseUri';
import { embeddedDatabasePidFile, embeddedDataDir, embeddedFoldersNow, holdsEmbeddedData, runningDatabaseFile } from './embeddedDataFolder';
import { startEmbeddedDatabase } from './embeddedFerret';
import { startSupervisedDatabase, type SupervisedDatabase } from './supervisedFerret';

/*
 * The one place that decides which database engine the app, its tools, its tests and its scripts
 * talk to: the MongoDB server at MONGODB_URI when it is set (a MongoDB 7 replica set, say), else
 * the embedded FerretDB under DATA_DIR. The rest of the code asks here and relies only on what
 * MongoDB promises (scripts/ferretdb/patches/README.md).
 */

export { EmbeddedDatabaseUnavailable } from './ferretBinary';

/** This process was given MONGODB_URI: tests of the embedded engine itself are skipped (`describe.skipIf`). */
export const usesExternalMongo = Boolean(process.env.MONGODB_URI);

/** The app's database on the embedded engine (MONGODB_URI names its own). */
export const DEFAULT_DATABASE_NAME = 'tilsynsvakt';

/** A server to connect to: `uri` names the database; `stop` ends what was started for it. */
export type DatabaseServer = { uri: string; embedded: SupervisedDatabase | undefined; stop: () => Promise<void> };

/** What the data is on, for messages: MONGODB_URI, or the embedded engine's DATA_DIR. */
export function whereTheDataIs(config: Config): string {
  return config.mongodbUri ? 'MONGODB_URI' : `DATA_DIR ${path.resolve(config.dataDir)}`;
}

/** The engine as the app's start names it. */
export function engineName(config: Config): string {
  return config.mongodbUri ? 'MONGODB_URI' : `innebygd FerretDB (data i ${config.dataDir})`;
}

/** The app's database: MONGODB_URI as given, else the embedded engine on DATA_DIR, started again if it stops. */
export async function startAppDatabaseServer(config: Config, log: (line: string) => void): Promise<DatabaseServer> {
  if (config.mongodbUri) return { uri: config.mongodbUri, embedded: undefined, stop: async () => undefined };
  const embedded = await startSupervisedDatabase(embeddedDataDir(config), log, {
    restartDelayMs: config.embeddedRestartDelayMs,
    pidFile: embeddedDatabasePidFile(config),
  });
  const uri = withDatabaseName(embedded.uri, DEFAULT_DATABASE_NAME);
  // Tools (backup, restore) reach the running app's embedded database here instead of starting another.
  const uriFile = runningDatabaseFile(config);
  await writeFile(uriFile, uri, { mode: 0o600 });
  return {
    uri,
    embedded,
    stop: async () => {
      await rm(uriFile, { force: true });
      await embedded.stop();
    },
  };
}

/** The address a running app left for the tools on this DATA_DIR (two FerretDB processes must not share its files); none with MONGODB_URI. */
export async function runningAppDatabase(config: Config): Promise<string | null> {
  if (config.mongodbUri) return null;
  const running = await readFile(runningDatabaseFile(config), 'utf8').catch(() => null);
  return running?.trim() || null;
}

/** A tool that reads (a backup) does not start the engine on a folder with no database in it: it would make an empty one. */
export async function refuseEmptyDataFolder(config: Config): Promise<void> {
  if (config.mongodbUri || (await holdsEmbeddedData(config))) return;
  throw new Error(`fant ingen database i ${path.resolve(config.dataDir)} (DATA_DIR). Sett DATA_DIR til mappen appen bruker`);
}

/** The embedded engine's folders as they are now, for a tool to take away those its own start made; nothing to take with MONGODB_URI. */
export async function embeddedFoldersBefore(config: Config): Promise<{ removeIfCreated: () => Promise<void> }> {
  return config.mongodbUri ? { removeIfCreated: async () => undefined } : embeddedFoldersNow(config);
}

/**
 * The server of a test run or a benchmark: MONGODB_URI's, else an embedded engine of its own in a
 * temporary folder, taken away at stop. Each user names a database of its own on it (withDatabaseName).
 */
export async function startThrowawayDatabaseServer(): Promise<{ uri: string; name: string; pid?: number; stop: () => Promise<void> }> {
  const external = process.env.MONGODB_URI;
  if (external) return { uri: external, name: 'MONGODB_URI', stop: async () => undefined };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilsynsvakt-db-'));
  const engine = await startEmbeddedDatabase(dataDir);
  return {
    uri: engine.uri,
    name: 'FerretDB (SQLite)',
    // For the benches that measure the engine's CPU beside the app's.
    pid: engine.pid,
    stop: async () => {
      await engine.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
