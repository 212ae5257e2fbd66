import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Config } from '../config';
import { connectDatabase, connectMongoose, runningDatabaseFile, type Database } from './connect';

/**
 * A tool's way to the data: MONGODB_URI; else the embedded database of the app running on this
 * DATA_DIR (two FerretDB processes must not share its files); else the embedded engine started
 * for the tool alone.
 */
export async function connectForTool(config: Config, log: (line: string) => void, options: { mustExist?: boolean } = {}): Promise<Database> {
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
  // A tool that reads (a backup) does not start the engine on a folder with no database in it: it would make an empty one.
  if (!config.mongodbUri && options.mustExist && !(await holdsEmbeddedData(config))) {
    throw new Error(`fant ingen database i ${path.resolve(config.dataDir)} (DATA_DIR). Sett DATA_DIR til mappen appen bruker`);
  }
  return connectDatabase(config, log);
}

async function holdsEmbeddedData(config: Config): Promise<boolean> {
  const files = await readdir(path.resolve(config.dataDir, 'ferretdb')).catch(() => []);
  return files.some((name) => name.endsWith('.sqlite'));
}

/**
 * What the embedded database's folders were before a tool started the engine: a tool that was
 * refused, or failed, takes away the folders its own start made (an empty tilsynsvakt.sqlite looks
 * like a database to the next tool and to the app).
 */
export async function embeddedFoldersBefore(config: Config): Promise<{ removeIfCreated: () => Promise<void> }> {
  const dataDir = path.resolve(config.dataDir);
  const ferretDir = path.join(dataDir, 'ferretdb');
  const exists = (folder: string) => stat(folder).then(() => true, () => false);
  const [hadDataDir, hadFerretDir] = config.mongodbUri ? [true, true] : [await exists(dataDir), await exists(ferretDir)];
  return {
    removeIfCreated: async () => {
      if (!hadFerretDir) await rm(ferretDir, { recursive: true, force: true });
      // Only when nothing else was put there meanwhile.
      if (!hadDataDir) await rmdir(dataDir).catch(() => undefined);
    },
  };
}
