import mongoose from 'mongoose';
import type { Config } from '../config';
import { startAppDatabaseServer } from './engine';
import type { SupervisedDatabase } from './supervisedFerret';

export { withDatabaseName } from './databaseUri';

export type Database = { uri: string; embedded: SupervisedDatabase | undefined; close: () => Promise<void> };

/** Connects mongoose to the app's database, on the engine engine.ts chooses (MONGODB_URI, else the embedded one). */
export async function connectDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  const server = await startAppDatabaseServer(config, log);
  await connectMongoose(server.uri, config);
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
      await mongoose.connect(uri, {
        serverSelectionTimeoutMS: SERVER_SELECTION_MS,
        autoIndex: true,
        monitorCommands: Boolean(settings.metricsToken),
      });
      break;
    } catch (err) {
      if (attempt >= 10) throw err;
    }
  }
  // mongoose starts each model's init (its collection, then its indexes) as it begins to connect.
  // On a second connection in one process (a test file after another, a tool) that runs before the
  // client is connected and, without buffering, fails; mongoose keeps the failed init. Forgotten as
  // mongoose itself forgets it at a disconnect (its gh-12047), it runs again, now connected.
  await Promise.all(
    Object.values(mongoose.models).map((model) =>
      model.init().catch((err: unknown) => {
        if (!(err instanceof mongoose.mongo.MongoNotConnectedError)) throw err;
        delete (model as unknown as { $init?: Promise<unknown> }).$init;
        return model.init();
      }),
    ),
  );
}
