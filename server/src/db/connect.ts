import mongoose from 'mongoose';
import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embeddedFerret';

export const DEFAULT_DATABASE_NAME = 'tilsynsvakt';

export type Database = { uri: string; embedded: EmbeddedDatabase | undefined; close: () => Promise<void> };

/** Uses MONGODB_URI when set, otherwise starts the embedded FerretDB under DATA_DIR. */
export async function connectDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  const embedded = config.mongodbUri
    ? undefined
    : await startEmbeddedDatabase(path.resolve(config.dataDir, 'ferretdb'), log);
  const uri = config.mongodbUri ?? withDatabaseName(embedded!.uri, DEFAULT_DATABASE_NAME);
  await connectMongoose(uri);
  return {
    uri,
    embedded,
    close: async () => {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

export async function connectMongoose(uri: string): Promise<void> {
  mongoose.set('strictQuery', true);
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000, autoIndex: true });
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
}

export function withDatabaseName(serverUri: string, name: string): string {
  const url = new URL(serverUri);
  url.pathname = `/${name}`;
  return url.toString();
}
