import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { startSeededServer } from '../../../test/seededServer';
import { dropTestDatabase, ownTestDatabase } from '../../../test/testDatabase';
import { signedIn } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { SickRecord } from '../../features/sick/model';
import { projectRoot } from '../../projectRoot';
import { withDatabaseName } from '../databaseUri';
import { usesExternalMongo } from '../engine';
import { runMigrations } from '../migrations/runMigrations';
import { ArchiveRefused, DAMAGED, readArchive, UNAUTHENTIC, verifyArchive, writeArchive } from './archiveFormat';
import { backupToFile } from './backup';
import { collectionNames, kept, mainDb, schoolDatabaseIds, schoolDb } from './databases';
import { restoreFromFile, TAKEN } from './restore';

/** A platform with two schools, backed up, wiped and restored: every document and every sign-in as before. */
let server: TestServer;
let fx: Fixture;
let c: Callers;
const dir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-backup-test-'));
const file = (name: string) => path.join(dir, name);
const { EJSON } = mongoose.mongo.BSON;

beforeAll(async () => {
  ({ server, fx, c } = await startSeededServer());
  // Wiping and restoring a database empties and fills the audit trail whole: the operator's tools, not a route.
  server.auditTrail.ignoreOperatorTools();
  await runMigrations(() => undefined);
  for (const [admin, name] of [
    [c.adminA, '1A'],
    [c.adminA, '2A'],
    [c.adminB, '1B'],
  ] as const) {
    expect((await admin.post('/api/admin/classes', { className: name })).status).toBe(201);
  }
  await SickRecord.of(fx.a.id).create({ schoolId: fx.a.id, date: '2026-11-02', students: [{ name: 'Ola', comment: 'Feber' }] });
  expect((await c.adminB.post('/api/away/add', { fromDate: '2026-12-01', toDate: '2026-12-02', studentName: 'Per' })).status).toBe(200);
  // The register of students (issue 46) is the school's data like any other.
  const registered = await c.adminA.post('/api/admin/register/students', {
    firstName: 'Åse',
    lastName: 'Ødegård',
    house: 'Nordtun',
    room: '12',
  });
  expect(registered.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every document and index the backup is meant to keep, as text. */
async function snapshot(only?: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const read = async (db: mongoose.mongo.Db, label: string) => {
    for (const name of await kept(db)) {
      const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
      const indexes = (await db.collection(name).listIndexes().toArray()).map((index) => String(index.name)).sort();
      out[`${label}.${name}`] = EJSON.stringify({ docs, indexes }, { relaxed: false });
    }
  };
  if (!only) await read(mainDb(), 'main');
  for (const schoolId of only ? [only] : await schoolDatabaseIds()) await read(schoolDb(schoolId), schoolId);
  return out;
}

async function wipe(): Promise<void> {
  for (const schoolId of await schoolDatabaseIds()) await schoolDb(schoolId).dropDatabase();
  for (const name of await collectionNames(mainDb())) await mainDb().collection(name).deleteMany({});
}

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveRefused);
  return (err as Error).message;
};

describe('backup and restore of the whole platform', () => {
  let before: Record<string, string>;

  it('backs up both schools, and a damaged archive is refused with nothing written', async () => {
    before = await snapshot();
    const lines: string[] = [];
    const documents = await backupToFile(file('all.tsv.gz'), { progress: (line) => lines.push(line) });
    expect(documents).toBeGreaterThan(20);
    // For its owner alone: it holds every school's data.
    expect(statSync(file('all.tsv.gz')).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.startsWith(`Skole ${fx.a.id}: classes, 2 dokumenter`))).toBe(true);
    await wipe();
    const empty = await snapshot();

    const whole = readFileSync(file('all.tsv.gz'));
    writeFileSync(file('cut.gz'), whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await refusal(restoreFromFile(file('cut.gz')))).toBe(DAMAGED);
    // One byte of a student's comment changed, the gzip made again: only the checksum can tell.
    const inside = gunzipSync(whole);
    const at = inside.indexOf('Feber');
    inside[at] = 'f'.charCodeAt(0);
    writeFileSync(file('changed.gz'), gzipSync(inside));
    expect(await refusal(restoreFromFile(file('changed.gz')))).toBe(DAMAGED);
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(file('flipped.gz'), flipped);
    expect(await refusal(restoreFromFile(file('flipped.gz')))).toBe(DAMAGED);
    writeFileSync(file('other.gz'), gzipSync(Buffer.from('noe helt annet')));
    expect(await refusal(restoreFromFile(file('other.gz')))).toBe('Filen er ikke en sikkerhetskopi fra Tilsynsvakt.');
    writeFileSync(file('other.txt'), 'ikke gzip i det hele tatt');
    expect(await refusal(restoreFromFile(file('other.txt')))).toBe('Filen er ikke en sikkerhetskopi fra Tilsynsvakt.');
    expect(await snapshot()).toEqual(empty);
  });

  it('restores every document and index into the empty database, and everyone signs in as before', async () => {
    const result = await restoreFromFile(file('all.tsv.gz'));
    expect(result.schoolId).toBeNull();
    expect(await snapshot()).toEqual(before);
    for (const user of [fx.a.admin, fx.a.supervisor, fx.b.admin, fx.platformAdmin]) {
      const client = await signedIn(server.baseUrl, user);
      expect((await client.get<{ user: { id: string } }>('/api/auth/me')).body.user.id).toBe(user.id);
    }
    const adminB = await signedIn(server.baseUrl, fx.b.admin);
    expect((await adminB.get<Array<{ className: string }>>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1B']);
  });

  it('refuses a database that is not empty', async () => {
    expect(await refusal(restoreFromFile(file('all.tsv.gz')))).toBe(
      'Databasen er ikke tom. En hel sikkerhetskopi gjenopprettes bare i en tom database.',
    );
  });
});

describe('a restore that fails while writing', () => {
  it('takes away what it wrote: nothing is left half-restored', async () => {
    const saved = file('before-failure.gz');
    await backupToFile(saved);
    await wipe();
    const empty = await snapshot();
    const schoolId = new mongoose.Types.ObjectId();
    const user = (email: string) => ({ _id: new mongoose.Types.ObjectId(), name: 'X', email, role: 'Admin', status: 'approved', schoolId });
    // Whole and checksummed, but two users with one e-mail: the unique index stops the third write.
    async function* frames() {
      yield { kind: 'header', format: 1, createdAt: new Date(), schoolId: null, schemaVersion: 2, schoolIds: [schoolId.toHexString()] };
      yield { kind: 'part', part: 0, schoolId: null, database: 'main', collection: 'schools', indexes: [] };
      yield { kind: 'doc', part: 0, schoolId: null, doc: { _id: schoolId, name: 'Ny', nameKey: 'ny', active: true } };
      yield { kind: 'part', part: 1, schoolId: schoolId.toHexString(), database: 'school', collection: 'classes', indexes: [] };
      yield {
        kind: 'doc',
        part: 1,
        schoolId: schoolId.toHexString(),
        doc: { _id: new mongoose.Types.ObjectId(), schoolId, className: '1X', nameKey: '1x' },
      };
      yield { kind: 'part', part: 2, schoolId: null, database: 'main', collection: 'users', indexes: [] };
      yield { kind: 'doc', part: 2, schoolId: null, doc: user('samme@test.no') };
      yield { kind: 'doc', part: 2, schoolId: null, doc: user('samme@test.no') };
    }
    await writeArchive(file('duplicate.gz'), frames());
    // Said in words, not as the driver's E11000.
    expect(await refusal(restoreFromFile(file('duplicate.gz')))).toBe(TAKEN);
    expect(await snapshot()).toEqual(empty);
    expect(await schoolDatabaseIds()).toEqual([]);
    await restoreFromFile(saved);
  });
});

describe('backup and restore of one school', () => {
  it('brings school A back into the running platform after it was deleted, and school B is not touched', async () => {
    const aBefore = await snapshot(fx.a.id);
    await backupToFile(file('a.gz'), { schoolId: fx.a.id });
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    expect((await platform.delete(`/api/plattformadministrator/schools/${fx.a.id}`)).status).toBe(200);
    const bBefore = await snapshot(fx.b.id);
    const usersB = EJSON.stringify(
      await mainDb()
        .collection('users')
        .find({ schoolId: new mongoose.Types.ObjectId(fx.b.id) })
        .sort({ _id: 1 })
        .toArray(),
    );

    const result = await restoreFromFile(file('a.gz'));
    expect(result.schoolId).toBe(fx.a.id);
    expect(await snapshot(fx.a.id)).toEqual(aBefore);
    expect(await snapshot(fx.b.id)).toEqual(bBefore);
    expect(
      EJSON.stringify(
        await mainDb()
          .collection('users')
          .find({ schoolId: new mongoose.Types.ObjectId(fx.b.id) })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toBe(usersB);
    const adminA = await signedIn(server.baseUrl, fx.a.admin);
    expect((await adminA.get<Array<{ className: string }>>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1A', '2A']);
    const register = (await adminA.get<Array<{ firstName: string; room: string }>>('/api/admin/register')).body;
    expect(register.map((student) => [student.firstName, student.room])).toEqual([['Åse', '12']]);

    expect(await refusal(restoreFromFile(file('a.gz')))).toBe('Skolen finnes allerede på plattformen. Ingenting er gjenopprettet.');
  });

  it('refuses, in words, to bring a school back beside a new school of the same name, and writes nothing', async () => {
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    const archived = await mainDb()
      .collection('schools')
      .findOne({ _id: new mongoose.Types.ObjectId(fx.a.id) });
    expect((await platform.delete(`/api/plattformadministrator/schools/${fx.a.id}`)).status).toBe(200);
    // Re-created under the same name (another case), as an office would after losing it.
    const created = await platform.post<{ id: string }>('/api/plattformadministrator/schools', {
      name: String(archived!.name).toUpperCase(),
    });
    expect(created.status).toBe(201);
    const before = await snapshot();

    expect(await refusal(restoreFromFile(file('a.gz')))).toBe(
      `Det finnes allerede en skole som heter «${String(archived!.name)}» på plattformen. Gi den et annet navn eller slett den før du gjenoppretter. Ingenting er gjenopprettet.`,
    );
    expect(await snapshot()).toEqual(before);

    // Once the new one is gone, the archive comes back as it was.
    expect((await platform.delete(`/api/plattformadministrator/schools/${created.body.id}`)).status).toBe(200);
    expect((await restoreFromFile(file('a.gz'))).schoolId).toBe(fx.a.id);
  });
});

describe('archives signed with BACKUP_KEY', () => {
  const key = 'en-nøkkel-bare-for-denne-testen-0123456789';

  /** What someone who can write the archive but has no key can do: change a comment and write a whole, checksummed archive again. */
  async function edited(from: string, to: string, signWith?: string): Promise<void> {
    async function* frames() {
      for await (const frame of readArchive(from)) {
        const text = EJSON.stringify(frame, { relaxed: false });
        yield EJSON.parse(text.replace('Feber', 'Frisk'), { relaxed: false }) as Record<string, unknown>;
      }
    }
    await writeArchive(to, frames(), signWith);
  }

  it('a restore with the key takes only an archive signed with it; without the key it says it cannot check', async () => {
    await backupToFile(file('signed.gz'), { key });
    expect((await verifyArchive(file('signed.gz'), key)).signed).toBe(true);
    expect((await verifyArchive(file('signed.gz'))).signed).toBe(true);

    await edited(file('signed.gz'), file('forged.gz'));
    expect(gunzipSync(readFileSync(file('forged.gz'))).includes('Frisk')).toBe(true);
    // Its checksum holds, so only the key can tell.
    expect((await verifyArchive(file('forged.gz'))).signed).toBe(false);
    expect(await refusal(verifyArchive(file('forged.gz'), key))).toBe(UNAUTHENTIC);
    await edited(file('signed.gz'), file('forged-other-key.gz'), 'en-annen-nøkkel-som-ikke-er-skolens-0123');
    expect(await refusal(verifyArchive(file('forged-other-key.gz'), key))).toBe(UNAUTHENTIC);

    const before = await snapshot();
    const lines: string[] = [];
    await wipe();
    const empty = await snapshot();
    expect(await refusal(restoreFromFile(file('forged.gz'), { key }))).toBe(UNAUTHENTIC);
    expect(await snapshot()).toEqual(empty);

    await restoreFromFile(file('signed.gz'), { key, progress: (line) => lines.push(line) });
    expect(lines).toContain('Arkivet er signert med BACKUP_KEY: det er ikke endret siden det ble tatt.');
    expect(await snapshot()).toEqual(before);

    await wipe();
    lines.length = 0;
    await restoreFromFile(file('signed.gz'), { progress: (line) => lines.push(line) });
    expect(lines).toContain(
      'BACKUP_KEY er ikke satt: arkivet er signert, men ektheten kan ikke sjekkes uten nøkkelen (bare at det er helt).',
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('the commands', () => {
  it('npm run backup and npm run restore work on MONGODB_URI and say what they did', () => {
    const env = { ...process.env, MONGODB_URI: uriOfThisDatabase() };
    const run = (script: string, ...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: projectRoot(), env, encoding: 'utf8' });
    const backup = run('backup', file('cli.gz'), '--school', fx.b.id);
    expect(backup.stdout).toContain(`Sikkerhetskopi skrevet til ${file('cli.gz')}`);
    expect(backup.status).toBe(0);
    const restore = run('restore', file('cli.gz'));
    expect(restore.stderr).toContain('Skolen finnes allerede på plattformen. Ingenting er gjenopprettet.');
    expect(restore.status).toBe(1);
    const everything = run('backup', file('cli-all.gz'));
    expect(everything.stdout).toContain(`Sikkerhetskopi skrevet til ${file('cli-all.gz')}`);
    expect(everything.stdout).toContain(`Skole ${fx.b.id}: classes, 1 dokument`);
    const usage = run('restore');
    expect(usage.stderr).toContain('Bruk: npm run restore -- <fil>');
    // Four commands, each a Node process of its own compiling the scripts as it starts.
  }, 60_000);

  it('npm run backup refuses a database that is empty or not this app’s, and a data folder with no database, writing nothing', async () => {
    const emptyUri = ownTestDatabase('tom');
    const script = (env: NodeJS.ProcessEnv, target: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], { cwd: projectRoot(), env, encoding: 'utf8' });

    const empty = script({ ...process.env, MONGODB_URI: emptyUri }, file('empty.gz'));
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('Sikkerhetskopien feilet (MONGODB_URI): databasen');
    expect(empty.stderr).toContain('er tom eller ikke Tilsynsvakts');
    expect(existsSync(file('empty.gz'))).toBe(false);
    // The tool's start made the database (its indexes) before it found it empty.
    await dropTestDatabase(emptyUri);

    // The nightly cron line without DATA_DIR: the tool must not start the engine there and make an empty database.
    const wrongFolder = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-feil-mappe-'));
    const { MONGODB_URI: _unused, ...withoutUri } = process.env;
    const folder = script({ ...withoutUri, DATA_DIR: wrongFolder }, file('folder.gz'));
    expect(folder.status).toBe(1);
    expect(folder.stderr).toContain(`fant ingen database i ${wrongFolder} (DATA_DIR)`);
    expect(readdirSync(wrongFolder)).toEqual([]);
    expect(existsSync(file('folder.gz'))).toBe(false);
    rmSync(wrongFolder, { recursive: true, force: true });
  });
});

// The embedded engine started by a tool in DATA_DIR: with MONGODB_URI there is no such folder to leave or clean.
describe.skipIf(usesExternalMongo)('the commands on the embedded engine’s data folder (not with MONGODB_URI)', () => {
  it('npm run restore that is refused leaves no database behind in a data folder it found empty', () => {
    const { MONGODB_URI: _unused, ...withoutUri } = process.env;
    const parent = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-ny-mappe-'));
    const dataDir = path.join(parent, 'data');
    const restore = (target: string, extra: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', target], {
        cwd: projectRoot(),
        env: { ...withoutUri, DATA_DIR: dataDir, ...extra },
        encoding: 'utf8',
      });

    writeFileSync(file('cli-cut.gz'), readFileSync(file('cli.gz')).subarray(0, 100));
    const damaged = restore(file('cli-cut.gz'));
    expect(damaged.stderr).toContain(DAMAGED);
    expect(damaged.status).toBe(1);
    expect(existsSync(dataDir)).toBe(false);

    const unsigned = restore(file('cli.gz'), { BACKUP_KEY: 'en-nøkkel-bare-for-denne-testen-0123456789' });
    expect(unsigned.stderr).toContain(UNAUTHENTIC);
    expect(existsSync(dataDir)).toBe(false);

    // Whole, but one school into a platform that is not there: refused after the engine started in the folder.
    const oneSchool = restore(file('cli.gz'));
    expect(oneSchool.stderr).toContain('Arkivet har skjemaversjon');
    expect(oneSchool.status).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
    rmSync(parent, { recursive: true, force: true });
  }, 60_000);
});

/** This test file's database on the run's server, as a tool's MONGODB_URI. */
function uriOfThisDatabase(): string {
  return withDatabaseName(inject('mongoServerUri'), mongoose.connection.name);
}
