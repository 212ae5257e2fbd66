import mongoose from 'mongoose';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { startSupervisedDatabase, type SupervisedDatabase } from './supervisedFerret';

export const DEFAULT_DATABASE_NAME = 'tilsynsvakt';

export type Database = { uri: string; embedded: SupervisedDatabase | undefined; close: () => Promise<void> };

/** Uses MONGODB_URI when set, otherwise starts the embedded FerretDB under DATA_DIR. */
export async function connectDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  const embedded = config.mongodbUri
    ? undefined
    : await startSupervisedDatabase(path.resolve(config.dataDir, 'ferretdb'), log, {
        restartDelayMs: config.embeddedRestartDelayMs,
        pidFile: embeddedDatabasePidFile(config),
      });
  const uri = config.mongodbUri ?? withDatabaseName(embedded!.uri, DEFAULT_DATABASE_NAME);
  await connectMongoose(uri, config);
  // Tools (backup, restore) reach the running app's embedded database here instead of starting another.
  const uriFile = embedded ? runningDatabaseFile(config) : null;
  if (uriFile) await writeFile(uriFile, uri, { mode: 0o600 });
  return {
    uri,
    embedded,
    close: async () => {
      if (uriFile) await rm(uriFile, { force: true });
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

/** Where a running app names its embedded database (loopback only) for the tools. */
export function runningDatabaseFile(config: Config): string {
  return path.resolve(config.dataDir, 'running-database.uri');
}

/** Where the running embedded database's process id is, while the app runs it. */
export function embeddedDatabasePidFile(config: Config): string {
  return path.resolve(config.dataDir, 'ferretdb.pid');
}

/** How long a request waits for a database that has gone away before it is told so (a 503). */
const SERVER_SELECTION_MS = 3_000;

/**
 * Connects mongoose as the app runs it, with these settings. Commands are monitored only with
 * METRICS_TOKEN: the driver then times every round trip for /metrics (metrics/metricsRoute.ts),
 * building an event with the whole reply for each. A tool passes no settings: no metrics.
 */
export async function connectMongoose(uri: string, settings: Pick<Config, 'metricsToken'> = { metricsToken: undefined }): Promise<void> {
  mongoose.set('strictQuery', true);
  // Operators in a filter must be the server's own (`trusted`); anything else is compared as a value.
  mongoose.set('sanitizeFilter', true);
  // A database that is away answers at once with an error (a 503 to the user), instead of
  // requests queueing in memory for it.
  mongoose.set('bufferCommands', false);
  // At start the database may still be coming up (a container, a restart): try for half a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      await mongoose.connect(uri, { serverSelectionTimeoutMS: SERVER_SELECTION_MS, autoIndex: true, monitorCommands: Boolean(settings.metricsToken) });
      break;
    } catch (err) {
      if (attempt >= 10) throw err;
    }
  }
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
}

export function withDatabaseName(serverUri: string, name: string): string {
  const url = new URL(serverUri);
  url.pathname = `/${name}`;
  return url.toString();
}
