import mongoose, { Types, type mongo } from 'mongoose';
import { schoolDatabaseName, schoolDatabasePrefix, schoolIdOfDatabase } from '../schoolDatabase';

/**
 * What a backup holds: the app's own database but for what lives only while the app runs
 * (sessions: everyone signs in again after a restore; the migrations' lock; and what versions
 * before 2026-11-25 kept for a moment: their write turns and replayed-request records; a student
 * file waiting to be imported), and every
 * school's database.
 */
export const TRANSIENT_COLLECTIONS = new Set([
  'sessions',
  'writeclaims',
  'migrationlocks',
  'idempotencyrecords',
  // A school's uploaded student file between its upload and import, and the import's lock (issue 46).
  'registerimports',
  'registerimportlocks',
]);

export function mainDb(): mongo.Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('ikke koblet til databasen');
  return db;
}

export function schoolDb(schoolId: string): mongo.Db {
  return mongoose.connection.useDb(schoolDatabaseName(schoolId), { useCache: true }).db!;
}

export async function collectionNames(db: mongo.Db): Promise<string[]> {
  return (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
}

export async function kept(db: mongo.Db): Promise<string[]> {
  return (await collectionNames(db)).filter((name) => !TRANSIENT_COLLECTIONS.has(name));
}

/** Ids of the schools that have a database of their own here. */
export async function schoolDatabaseIds(): Promise<string[]> {
  const { databases } = await mainDb().admin().listDatabases({ nameOnly: true });
  const prefix = schoolDatabasePrefix();
  return databases
    .map((d) => d.name)
    .filter((name) => name.startsWith(prefix))
    .map((name) => schoolIdOfDatabase(name))
    .filter((id): id is string => id !== null)
    .sort();
}

/** In the app's own database, one school's documents: the school itself, and what names it. */
export function schoolFilter(collection: string, schoolId: string): Record<string, unknown> {
  const id = new Types.ObjectId(schoolId);
  return collection === 'schools' ? { _id: id } : { schoolId: id };
}
