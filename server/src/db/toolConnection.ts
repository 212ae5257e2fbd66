import mongoose from 'mongoose';
import type { Config } from '../config';
import { connectDatabase, connectMongoose, type Database } from './connect';
import { refuseEmptyDataFolder, runningAppDatabase } from './engine';

/**
 * A tool's way to the data (engine.ts decides which): MONGODB_URI; else the embedded database of
 * the app running on this DATA_DIR; else the embedded engine started for the tool alone.
 * mustExist: a tool that reads refuses a data folder with no database in it.
 */
export async function connectForTool(
  config: Config,
  log: (line: string) => void,
  options: { mustExist?: boolean } = {},
): Promise<Database> {
  const running = await runningAppDatabase(config);
  if (running) {
    try {
      await connectMongoose(running);
      log('Bruker databasen til appen som kjører.');
      return { uri: running, embedded: undefined, close: () => mongoose.disconnect() };
    } catch {
      log('Appen som skrev databasens adresse, svarer ikke; starter databasen for verktøyet.');
    }
  }
  if (options.mustExist) await refuseEmptyDataFolder(config);
  return connectDatabase(config, log);
}
