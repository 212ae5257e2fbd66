import type { mongo } from 'mongoose';
import { storedSchemaVersion } from '../migrations/schemaVersion';
import { writeArchive, type ArchiveHeader } from './archiveFormat';
import { kept, mainDb, schoolDatabaseIds, schoolDb, schoolFilter } from './databases';
import { countNoun } from '#protocol/counting';

export type Progress = (line: string) => void;

/**
 * Refuses a database that is empty or not this app's (the tool pointed at the wrong folder or
 * URI): an archive of nothing, written and kept as if it were a backup, is worse than none.
 */
async function assertThisAppsData(): Promise<void> {
  const version = await storedSchemaVersion();
  const users = await mainDb().collection('users').countDocuments({}, { limit: 1 });
  if (version === 0 || users === 0) {
    throw new Error(
      `databasen ${mainDb().databaseName} er tom eller ikke Tilsynsvakts (skjemaversjon ${version}, ${users ? 'har' : 'ingen'} brukere). Ingen sikkerhetskopi er skrevet`,
    );
  }
}

async function indexesOf(db: mongo.Db, name: string): Promise<Array<Record<string, unknown>>> {
  return (await db.collection(name).listIndexes().toArray()).filter((index) => index.name !== '_id_');
}

/**
 * Writes everything (or one school: its database, its school document, its users and audit
 * entries) to a compressed archive while the app runs. Each collection is read in one pass. With
 * `key` (BACKUP_KEY) the archive is signed, and a restore with the same key checks it.
 */
export async function backupToFile(
  file: string,
  options: { schoolId?: string; progress?: Progress; key?: string | undefined } = {},
): Promise<number> {
  const progress = options.progress ?? (() => undefined);
  const only = options.schoolId ?? null;
  await assertThisAppsData();
  const schoolIds = only ? [only] : await schoolDatabaseIds();
  if (only && !(await mainDb().collection('schools').findOne(schoolFilter('schools', only)))) throw new Error(`Fant ikke skolen ${only}`);
  const header: ArchiveHeader = {
    kind: 'header',
    format: 1,
    createdAt: new Date(),
    schoolId: only,
    schemaVersion: await storedSchemaVersion(),
    schoolIds,
  };
  let part = 0;

  async function* collection(
    db: mongo.Db,
    database: 'main' | 'school',
    schoolId: string | null,
    name: string,
    filter: Record<string, unknown>,
  ) {
    const index = part++;
    yield { kind: 'part', part: index, schoolId, database, collection: name, indexes: await indexesOf(db, name) };
    let count = 0;
    for await (const doc of db.collection(name).find(filter)) {
      yield { kind: 'doc', part: index, schoolId, doc };
      if (++count % 5000 === 0) progress(`  ${name}: ${count} dokumenter`);
    }
    progress(`${database === 'main' ? 'Fellesdatabasen' : `Skole ${schoolId}`}: ${name}, ${countNoun(count, 'dokument', 'dokumenter')}`);
  }

  async function* frames() {
    yield header;
    for (const name of await kept(mainDb())) {
      // The schema version is the header's; a one-school archive goes into a platform that has its own.
      if (only && name === 'schemastate') continue;
      yield* collection(mainDb(), 'main', null, name, only ? schoolFilter(name, only) : {});
    }
    for (const schoolId of schoolIds) {
      const db = schoolDb(schoolId);
      for (const name of await kept(db)) yield* collection(db, 'school', schoolId, name, {});
    }
  }

  return writeArchive(file, frames(), options.key);
}
