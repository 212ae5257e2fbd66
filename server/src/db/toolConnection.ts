import { readFile } from 'node:fs/promises';
import mongoose from 'mongoose';
import type { Config } from '../config';
import { connectDatabase, connectMongoose, runningDatabaseFile, type Database } from './connect';

/**
 * A tool's way to the data: MONGODB_URI; else the embedded database of the app running on this
 * DATA_DIR (two FerretDB processes must not share its files); else the embedded engine started
 * for the tool alone.
 */
export async function connectForTool(config: Config, log: (line: string) => void): Promise<Database> {
  if (!config.mongodbUri) {
    const running = await readFile(runningDatabaseFile(config), 'utf8').catch(() => null);
    if (running) {
      try {
        await connectMongoose(running.trim());
        log('Bruker databasen til appen som kjører.');
        return { uri: running.trim(), embedded: undefined, close: () => mongoose.disconnect() };
      } catch {
        log('Appen som skrev databasens adresse, svarer ikke; starter databasen for verktøyet.');
      }
    }
  }
  return connectDatabase(config, log);
}
