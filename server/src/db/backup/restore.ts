import type { mongo } from 'mongoose';
import { storedSchemaVersion } from '../migrations/schemaVersion';
import { ArchiveRefused, readArchive, verifyArchive, type ArchiveHeader, type Part } from './archiveFormat';
import type { Progress } from './backup';
import { collectionNames, kept, mainDb, schoolDatabaseIds, schoolDb, schoolFilter } from './databases';

const BATCH = 500;

/** What a restore has written so far, so a failure can take it all back. */
class Written {
  readonly mainIds = new Map<string, unknown[]>();
  readonly schoolIds = new Set<string>();
  readonly mainCollections = new Set<string>();

  async undo(whole: boolean): Promise<void> {
    for (const schoolId of this.schoolIds) await schoolDb(schoolId).dropDatabase();
    for (const [name, ids] of this.mainIds) {
      if (whole) await mainDb().collection(name).deleteMany({});
      else for (let i = 0; i < ids.length; i += BATCH) await mainDb().collection(name).deleteMany({ _id: { $in: ids.slice(i, i + BATCH) } } as mongo.Filter<mongo.Document>);
    }
  }
}

async function refuseUnlessEmpty(): Promise<void> {
  const db = mainDb();
  for (const name of await kept(db)) {
    if (name === 'schemastate') continue;
    if ((await db.collection(name).countDocuments({}, { limit: 1 })) > 0) {
      throw new ArchiveRefused('Databasen er ikke tom. En hel sikkerhetskopi gjenopprettes bare i en tom database.');
    }
  }
  if ((await schoolDatabaseIds()).length > 0) throw new ArchiveRefused('Databasen er ikke tom (det finnes skoledatabaser). Ingenting er gjenopprettet.');
}

async function refuseUnlessSchoolFits(header: ArchiveHeader, file: string): Promise<void> {
  const schoolId = header.schoolId!;
  const version = await storedSchemaVersion();
  if (header.schemaVersion !== version) {
    throw new ArchiveRefused(
      `Arkivet har skjemaversjon ${header.schemaVersion}, plattformen ${version}. Gjenopprett skolen med samme versjon av Tilsynsvakt som tok kopien.`,
    );
  }
  if (await mainDb().collection('schools').findOne(schoolFilter('schools', schoolId))) throw new ArchiveRefused('Skolen finnes allerede på plattformen. Ingenting er gjenopprettet.');
  if ((await schoolDatabaseIds()).includes(schoolId)) throw new ArchiveRefused('Skolen har allerede en database på plattformen. Ingenting er gjenopprettet.');
  // An e-mail address signs in one account on the whole platform.
  const parts = new Map<number, Part>();
  for await (const frame of readArchive(file)) {
    if (frame.kind === 'part') parts.set(frame.part, frame);
    if (frame.kind === 'doc' && parts.get(frame.part)?.collection === 'users' && parts.get(frame.part)?.database === 'main') {
      const email = frame.doc.email;
      if (await mainDb().collection('users').findOne({ email })) throw new ArchiveRefused(`E-postadressen ${String(email)} finnes allerede på plattformen. Ingenting er gjenopprettet.`);
    }
  }
}

/**
 * Brings an archive back: the whole of it into an empty database, or one school into a running
 * platform without touching the others. The archive is read through and checked before anything
 * is written; if writing fails, what was written is taken away again.
 */
export async function restoreFromFile(file: string, options: { progress?: Progress } = {}): Promise<{ schoolId: string | null; documents: number }> {
  const progress = options.progress ?? (() => undefined);
  const { header, documents } = await verifyArchive(file);
  progress(`Arkivet er helt: ${documents} dokument(er), tatt ${header.createdAt.toISOString()}`);
  const whole = header.schoolId === null;
  if (whole) await refuseUnlessEmpty();
  else await refuseUnlessSchoolFits(header, file);

  const written = new Written();
  try {
    const parts = new Map<number, Part & { schoolId: string | null }>();
    let batch: Array<Record<string, unknown>> = [];
    let batchPart = -1;
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const part = parts.get(batchPart)!;
      const db = part.database === 'main' ? mainDb() : schoolDb(part.schoolId!);
      if (part.database === 'main') {
        written.mainCollections.add(part.collection);
        const ids = written.mainIds.get(part.collection) ?? [];
        ids.push(...batch.map((doc) => doc._id));
        written.mainIds.set(part.collection, ids);
      }
      await db.collection(part.collection).insertMany(batch, { ordered: true });
      count += batch.length;
      if (count % 5000 < batch.length) progress(`  ${count} av ${documents} dokumenter`);
      batch = [];
    };
    for await (const frame of readArchive(file)) {
      if (frame.kind === 'part') {
        await flush();
        parts.set(frame.part, frame);
        if (frame.database === 'school') written.schoolIds.add(frame.schoolId!);
        if (whole && frame.database === 'main' && frame.collection === 'schemastate') await mainDb().collection('schemastate').deleteMany({});
      } else if (frame.kind === 'doc') {
        if (frame.part !== batchPart) await flush();
        batchPart = frame.part;
        batch.push(frame.doc);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    for (const part of parts.values()) await createIndexes(part);
    progress(`Gjenopprettet ${count} dokument(er)${whole ? '' : ` for skolen ${header.schoolId}`}`);
    return { schoolId: header.schoolId, documents: count };
  } catch (err) {
    progress('Gjenopprettingen feilet; tar bort det som ble skrevet.');
    await written.undo(whole);
    throw err;
  }
}

async function createIndexes(part: Part & { schoolId: string | null }): Promise<void> {
  const db = part.database === 'main' ? mainDb() : schoolDb(part.schoolId!);
  if (!(await collectionNames(db)).includes(part.collection)) await db.createCollection(part.collection);
  const existing = new Set((await db.collection(part.collection).listIndexes().toArray()).map((index) => String(index.name)));
  for (const index of part.indexes) {
    if (existing.has(String(index.name))) continue;
    const { key, name, v: _v, ns: _ns, ...options } = index as { key: mongo.IndexSpecification; name: string; v?: unknown; ns?: unknown };
    await db.collection(part.collection).createIndex(key, { ...options, name });
  }
}

