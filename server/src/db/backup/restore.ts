import type { mongo } from 'mongoose';
import { isDuplicateKey } from '../duplicateKey';
import { storedSchemaVersion } from '../migrations/schemaVersion';
import { ArchiveRefused, readArchive, verifyArchive, type ArchiveHeader, type Part } from './archiveFormat';
import type { Progress } from './backup';
import { collectionNames, kept, mainDb, schoolDatabaseIds, schoolDb, schoolFilter } from './databases';
import { countNoun } from '#protocol/counting';

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
      else
        for (let i = 0; i < ids.length; i += BATCH)
          await mainDb()
            .collection(name)
            .deleteMany({ _id: { $in: ids.slice(i, i + BATCH) } } as mongo.Filter<mongo.Document>);
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
  if ((await schoolDatabaseIds()).length > 0)
    throw new ArchiveRefused('Databasen er ikke tom (det finnes skoledatabaser). Ingenting er gjenopprettet.');
}

export const TAKEN = 'Noe i arkivet finnes allerede på plattformen (en nøkkel som må være unik, er tatt). Ingenting er gjenopprettet.';

async function refuseUnlessSchoolFits(header: ArchiveHeader, file: string, key: string | undefined): Promise<void> {
  const schoolId = header.schoolId!;
  const version = await storedSchemaVersion();
  if (header.schemaVersion !== version) {
    throw new ArchiveRefused(
      `Arkivet har skjemaversjon ${header.schemaVersion}, plattformen ${version}. Gjenopprett skolen med samme versjon av Tilsynsvakt som tok kopien.`,
    );
  }
  if (await mainDb().collection('schools').findOne(schoolFilter('schools', schoolId)))
    throw new ArchiveRefused('Skolen finnes allerede på plattformen. Ingenting er gjenopprettet.');
  if ((await schoolDatabaseIds()).includes(schoolId))
    throw new ArchiveRefused('Skolen har allerede en database på plattformen. Ingenting er gjenopprettet.');
  // A school name and an e-mail address are each unique on the whole platform.
  const parts = new Map<number, Part>();
  for await (const frame of readArchive(file, { key })) {
    if (frame.kind === 'part') parts.set(frame.part, frame);
    if (frame.kind !== 'doc' || parts.get(frame.part)?.database !== 'main') continue;
    const collection = parts.get(frame.part)?.collection;
    if (collection === 'schools' && (await mainDb().collection('schools').findOne({ nameKey: frame.doc.nameKey }))) {
      throw new ArchiveRefused(
        `Det finnes allerede en skole som heter «${String(frame.doc.name)}» på plattformen. Gi den et annet navn eller slett den før du gjenoppretter. Ingenting er gjenopprettet.`,
      );
    }
    if (collection === 'users' && (await mainDb().collection('users').findOne({ email: frame.doc.email }))) {
      throw new ArchiveRefused(`E-postadressen ${String(frame.doc.email)} finnes allerede på plattformen. Ingenting er gjenopprettet.`);
    }
  }
}

/**
 * Brings an archive back: the whole of it into an empty database, or one school into a running
 * platform without touching the others. The archive is read through and checked before anything
 * is written (with `key`, also that it was signed with it); if writing fails, what was written is
 * taken away again.
 */
export async function restoreFromFile(
  file: string,
  options: { progress?: Progress; key?: string | undefined } = {},
): Promise<{ schoolId: string | null; documents: number }> {
  const progress = options.progress ?? (() => undefined);
  const { key } = options;
  const { header, documents, signed } = await verifyArchive(file, key);
  progress(`Arkivet er helt: ${countNoun(documents, 'dokument', 'dokumenter')}, tatt ${header.createdAt.toISOString()}`);
  progress(authenticity(Boolean(key), signed));
  const whole = header.schoolId === null;
  if (whole) await refuseUnlessEmpty();
  else await refuseUnlessSchoolFits(header, file, key);

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
    for await (const frame of readArchive(file, { key })) {
      if (frame.kind === 'part') {
        await flush();
        parts.set(frame.part, frame);
        if (frame.database === 'school') written.schoolIds.add(frame.schoolId!);
        if (whole && frame.database === 'main' && frame.collection === 'schemastate')
          await mainDb().collection('schemastate').deleteMany({});
      } else if (frame.kind === 'doc') {
        if (frame.part !== batchPart) await flush();
        batchPart = frame.part;
        batch.push(frame.doc);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    for (const part of parts.values()) await createIndexes(part);
    progress(`Gjenopprettet ${countNoun(count, 'dokument', 'dokumenter')}${whole ? '' : ` for skolen ${header.schoolId}`}`);
    return { schoolId: header.schoolId, documents: count };
  } catch (err) {
    progress('Gjenopprettingen feilet; tar bort det som ble skrevet.');
    await written.undo(whole);
    // A unique index the checks above did not foresee: said in words, not as the driver's E11000.
    throw isDuplicateKey(err) ? new ArchiveRefused(TAKEN) : err;
  }
}

function authenticity(hasKey: boolean, signed: boolean): string {
  if (hasKey) return 'Arkivet er signert med BACKUP_KEY: det er ikke endret siden det ble tatt.';
  return signed
    ? 'BACKUP_KEY er ikke satt: arkivet er signert, men ektheten kan ikke sjekkes uten nøkkelen (bare at det er helt).'
    : 'BACKUP_KEY er ikke satt: ektheten kan ikke sjekkes (bare at arkivet er helt).';
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
