import mongoose, { Types } from 'mongoose';
import type { Report } from '#protocol/reports';
import { DEFAULT_TASK_LABELS } from '#protocol/taskButtons';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCompiledServer, type CompiledServer } from '../../../test/compiledServer';
import { seedFixture, type Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { sharedClass } from '../../../test/sharedCollections';
import { School } from '../../core/accounts/schoolModel';
import { connectMongoose, withDatabaseName } from '../connect';
import { schoolDatabasePrefix } from '../schoolDatabase';
import { MIGRATIONS } from './index';
import type { Migration } from './migration';
import { runMigrations } from './runMigrations';
import { SCHEMA_STATE_ID, SchemaState, storedSchemaVersion } from './schemaVersion';

/** A database as the previous shape wrote it, then the app started on it as production starts it. */
const uri = withDatabaseName(inject('mongoServerUri'), `migrate_${randomBytes(5).toString('hex')}`);
const LATEST = MIGRATIONS.at(-1)!.version;
const shared = (name: string) => mongoose.connection.db!.collection(name);
let fx: Fixture;
const OLD_REPORT = new Types.ObjectId();
let server: CompiledServer | undefined;

const start = () => startCompiledServer({ NODE_ENV: 'test', MONGODB_URI: uri });

beforeAll(async () => {
  await connectMongoose(uri);
  fx = await seedFixture();
  // The previous shape: no schema version, every school's classes and reports in shared
  // collections, schools without a retention period for health data.
  await SchemaState.deleteMany({});
  await School.collection.updateMany({}, { $unset: { healthDataRetentionMonths: '' } });
  await shared('classes').insertMany([sharedClass(fx.a.id, '1A'), sharedClass(fx.a.id, '2A'), sharedClass(fx.b.id, '1B')]);
  // Ticks as versions before issue 44 kept them: one per round, no id, no label.
  await shared('taskconfigs').insertOne({
    schoolId: new Types.ObjectId(fx.a.id),
    buttons: [{ id: '1', label: 'Kveldsrunde' }],
    version: 1,
  });
  await shared('reports').insertOne({
    _id: OLD_REPORT,
    schoolId: new Types.ObjectId(fx.a.id),
    authorUserId: new Types.ObjectId(fx.a.supervisor.id),
    authorName: 'Kari',
    date: '2026-11-20',
    content: 'Rolig kveld',
    taskTicks: [
      { taskId: '1', at: new Date('2026-11-20T21:00:00Z') },
      { taskId: '2', at: new Date('2026-11-20T22:00:00Z') },
    ],
    awayStudents: [],
    version: 1,
    writes: 1,
  });
  // Kept by versions before 2026-11-25: a replayed answer, with a case's text in it.
  await shared('idempotencyrecords').insertOne({
    _id: 'u:POST /api/maintenance-tasks/submit:sak-0001' as never,
    createdAt: new Date(),
    statusCode: 201,
    body: '{"description":"Lekker kran"}',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  const { databases } = await mongoose.connection.db!.admin().listDatabases({ nameOnly: true });
  for (const { name } of databases) if (name.startsWith(schoolDatabasePrefix())) await mongoose.connection.useDb(name).dropDatabase();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
});

describe('data migrations at start', () => {
  it('the app started on data of the previous shape migrates every document before it answers', async () => {
    server = await start();
    expect(server.output()).toContain('Migrering 1 (skolenes egne databaser) ferdig');
    expect(server.output()).toContain('Migrering 2 (lagringstid for sykdomsopplysninger) ferdig');
    expect(server.output()).toContain('Migrering 3 (avkryssinger med navn og id) ferdig');

    expect(await storedSchemaVersion()).toBe(LATEST);
    expect(await shared('classes').countDocuments()).toBe(0);
    const schools = await School.collection.find({}).toArray();
    expect(schools.map((school) => school.healthDataRetentionMonths)).toEqual(schools.map(() => 12));
    // What no version reads any more is gone too.
    expect(server.output()).toContain('Samlingen idempotencyrecords er fjernet');
    expect((await mongoose.connection.db!.listCollections({ name: 'idempotencyrecords' }).toArray()).length).toBe(0);

    const adminA = await signedIn(server.base, fx.a.admin);
    const adminB = await signedIn(server.base, fx.b.admin);
    expect((await adminA.get<{ className: string }[]>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1A', '2A']);
    expect((await adminB.get<{ className: string }[]>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1B']);

    // Each old tick has an id and the label its round has now (the school's own, or the default).
    const report = (await adminA.get<Report>(`/api/reports/${OLD_REPORT.toHexString()}`)).body;
    expect(report.ticks.map(({ taskId, label, at }) => ({ taskId, label, at }))).toEqual([
      { taskId: '1', label: 'Kveldsrunde', at: '2026-11-20T21:00:00.000Z' },
      { taskId: '2', label: DEFAULT_TASK_LABELS['2'], at: '2026-11-20T22:00:00.000Z' },
    ]);
    expect(new Set(report.ticks.map((tick) => tick.id)).size).toBe(2);
  });

  it('a restart runs nothing again', async () => {
    await server!.stop();
    server = await start();
    expect(server.output()).not.toContain('Migrering');
    expect(server.output()).not.toContain('er fjernet');
    const state = await SchemaState.findById(SCHEMA_STATE_ID).lean();
    expect(state?.history.map((step) => step.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
  });

  it('refuses to start on data written by a newer version, and says why', async () => {
    await server!.stop();
    server = undefined;
    await SchemaState.updateOne({ _id: SCHEMA_STATE_ID }, { $set: { version: LATEST + 1 } });
    await expect(start()).rejects.toThrow(
      `Databasen har skjemaversjon ${LATEST + 1}, men denne versjonen av Tilsynsvakt kjenner bare til versjon ${LATEST}.`,
    );
    await SchemaState.updateOne({ _id: SCHEMA_STATE_ID }, { $set: { version: LATEST } });
  });

  it('a migration cut short is run again at the next start, and the ones before it are not', async () => {
    const ran: string[] = [];
    let crash = true;
    const steps: Migration[] = [
      ...MIGRATIONS,
      { version: LATEST + 1, name: 'first', up: async () => void ran.push('first') },
      {
        version: LATEST + 2,
        name: 'second',
        up: async () => {
          ran.push('second');
          if (crash) throw new Error('strømmen gikk');
        },
      },
    ];
    const lines: string[] = [];
    await expect(runMigrations((line) => lines.push(line), steps)).rejects.toThrow('strømmen gikk');
    expect(await storedSchemaVersion()).toBe(LATEST + 1);

    crash = false;
    expect(await runMigrations((line) => lines.push(line), steps)).toBe(1);
    expect(ran).toEqual(['first', 'second', 'second']);
    expect(await storedSchemaVersion()).toBe(LATEST + 2);
    expect(lines.at(-1)).toMatch(new RegExp(`^Migrering ${LATEST + 2} \\(second\\) ferdig på \\d+ ms$`));
  });

  it('two instances starting at once migrate once', async () => {
    await SchemaState.deleteMany({});
    const ran: number[] = [];
    const steps: Migration[] = [
      {
        version: 1,
        name: 'slow',
        up: async () => void ran.push(await new Promise<number>((resolve) => setTimeout(() => resolve(1), 300))),
      },
    ];
    const counts = await Promise.all([runMigrations(() => undefined, steps), runMigrations(() => undefined, steps)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(ran).toEqual([1]);
  });
});
