import { Schema, model } from 'mongoose';
import { unlessDuplicate } from '../duplicateKey';
import { trusted } from '../trusted';
import { MIGRATIONS } from './index';
import type { Migration } from './migration';
import { DataTooNewError, recordSchemaVersion, storedSchemaVersion } from './schemaVersion';

/**
 * One instance migrates at a time: the others wait for its lock, then find the work done. The
 * lock is renewed while a migration runs; one left by a crashed instance goes stale.
 */
const lockSchema = new Schema({ _id: { type: String, required: true }, renewedAt: { type: Date, required: true } }, { versionKey: false });
const MigrationLock = model('MigrationLock', lockSchema, 'migrationlocks');
const LOCK_ID = 'migrations';
const LOCK_STALE_MS = 60_000;
const LOCK_RENEW_MS = 10_000;
const LOCK_POLL_MS = 500;

async function takeLock(): Promise<boolean> {
  const taken = await unlessDuplicate(
    async () => Boolean(await MigrationLock.create({ _id: LOCK_ID, renewedAt: new Date() })),
    () => false,
  );
  if (taken) return true;
  await MigrationLock.deleteOne({ _id: LOCK_ID, renewedAt: trusted({ $lt: new Date(Date.now() - LOCK_STALE_MS) }) });
  return false;
}

async function holdLock(log: (line: string) => void): Promise<() => Promise<void>> {
  let said = false;
  while (!(await takeLock())) {
    if (!said) log('Venter på at en annen instans gjør ferdig migreringen');
    said = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  const renew = setInterval(
    () => void MigrationLock.updateOne({ _id: LOCK_ID }, { $set: { renewedAt: new Date() } }).catch(() => undefined),
    LOCK_RENEW_MS,
  );
  renew.unref();
  return async () => {
    clearInterval(renew);
    await MigrationLock.deleteOne({ _id: LOCK_ID });
  };
}

/**
 * Brings the stored data to the shape this code knows, before the server listens: each migration
 * once, in order, logged. Refuses data of a newer shape. Returns how many migrations ran.
 */
export async function runMigrations(log: (line: string) => void, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const known = migrations.at(-1)?.version ?? 0;
  const before = await storedSchemaVersion();
  if (before > known) throw new DataTooNewError(before, known);
  if (before === known) return 0;
  const release = await holdLock(log);
  try {
    // Another instance may have finished while this one waited.
    const stored = await storedSchemaVersion();
    if (stored > known) throw new DataTooNewError(stored, known);
    const pending = migrations.filter((migration) => migration.version > stored);
    for (const migration of pending) {
      log(`Migrering ${migration.version} (${migration.name}) starter`);
      const started = Date.now();
      await migration.up(log);
      const ms = Date.now() - started;
      await recordSchemaVersion(migration.version, migration.name, ms);
      log(`Migrering ${migration.version} (${migration.name}) ferdig på ${ms} ms`);
    }
    return pending.length;
  } finally {
    await release();
  }
}
