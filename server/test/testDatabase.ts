import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { withDatabaseName } from '../src/db/connect';
import { schoolDatabasePrefix } from '../src/db/schoolDatabase';

/** A database of this test file's own on the run's server (MONGODB_URI's, or the embedded one): its address for a process of its own. */
export function ownTestDatabase(prefix: string): string {
  return withDatabaseName(inject('mongoServerUri'), `${prefix}_${randomBytes(5).toString('hex')}`);
}

/** Drops a test's database and its schools' databases (named after it), through a client of its own. */
export async function dropTestDatabase(uri: string): Promise<void> {
  const client = await mongoose.mongo.MongoClient.connect(uri);
  try {
    const name = client.db().databaseName;
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const db of databases)
      if (db.name === name || db.name.startsWith(schoolDatabasePrefix(name))) await client.db(db.name).dropDatabase();
  } finally {
    await client.close();
  }
}
