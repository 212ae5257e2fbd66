import mongoose from 'mongoose';
import type { Config } from '../config';
import { startAppDatabaseServer } from './engine';
import type { SupervisedDatabase } from './supervisedFerret';

export { withDatabaseName } from './databaseUri';

export type Database = { uri: string; embedded: SupervisedDatabase | undefined; close: () => Promise<void> };

/** Connects mongoose to the app's database, on the engine engine.ts chooses (MONGODB_URI, else the embedded one). */
export async function connectDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  const server = await startAppDatabaseServer(config, log);
  await connectMongoose(server.uri, { monitorCommands: Boolean(config.metricsToken) });
  return {
    uri: server.uri,
    embedded: server.embedded,
    close: async () => {
      await mongoose.disconnect();
      await server.stop();
    },
  };
}

/** How long a request waits for a database that has gone away before it is told so (a 503). */
const SERVER_SELECTION_MS = 3_000;

/**
 * monitorCommands: the driver times every round trip for /metrics (metrics/metricsRoute.ts). It
 * builds an event with the whole reply for each, so it is on only when metrics are.
 */
export async function connectMongoose(uri: string, options: { monitorCommands?: boolean } = {}): Promise<void> {
  mongoose.set('strictQuery', true);
  // Operators in a filter must be the server's own (`trusted`); anything else is compared as a value.
  mongoose.set('sanitizeFilter', true);
  // A database that is away answers at once with an error (a 503 to the user), instead of
  // requests queueing in memory for it.
  mongoose.set('bufferCommands', false);
  // At start the database may still be coming up (a container, a restart): try for half a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      await mongoose.connect(uri, { serverSelectionTimeoutMS: SERVER_SELECTION_MS, autoIndex: true, monitorCommands: options.monitorCommands ?? false });
      break;
    } catch (err) {
      if (attempt >= 10) throw err;
    }
  }
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
}
