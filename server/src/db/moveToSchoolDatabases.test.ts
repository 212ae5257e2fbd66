import mongoose, { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../test/fixtures';
import type { Callers } from '../../test/callers';
import { sharedClass } from '../../test/sharedCollections';
import { ClassModel } from '../features/classes/model';
import { ReportModel } from '../features/reports/model';
import { moveToSchoolDatabases } from './moveToSchoolDatabases';
import { useSeededServer } from '../../test/useTestServer';

/** A database from before per-school databases: every school's documents in shared collections. */
let fx: Fixture;
let c: Callers;
useSeededServer((started) => ({ fx, c } = started));

const shared = (name: string) => mongoose.connection.db!.collection(name);
const now = new Date();

describe('moving to per-school databases', () => {
  it('moves each school’s documents to its own database, once, and the screens find them there', async () => {
    await shared('classes').insertMany([sharedClass(fx.a.id, '1A'), sharedClass(fx.a.id, '2A'), sharedClass(fx.b.id, '1B')]);
    await shared('reports').insertOne({
      _id: new Types.ObjectId(),
      schoolId: new Types.ObjectId(fx.a.id),
      authorUserId: new Types.ObjectId(fx.a.supervisor.id),
      authorName: 'Kari A',
      date: '2026-03-09',
      content: 'Fra før flyttingen',
      taskTicks: [],
      awayStudents: [],
      createdAt: now,
      updatedAt: now,
    });

    expect(await moveToSchoolDatabases()).toBe(4);
    expect(await shared('classes').countDocuments()).toBe(0);
    expect(await shared('reports').countDocuments()).toBe(0);
    expect((await c.adminA.get<{ className: string }[]>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1A', '2A']);
    expect((await c.adminB.get<{ className: string }[]>('/api/admin/classes')).body.map((cls) => cls.className)).toEqual(['1B']);
    expect((await ReportModel.of(fx.a.id).findOne({ date: '2026-03-09' }).lean())?.content).toBe('Fra før flyttingen');

    // Again (a second instance, a restart): nothing to move, nothing doubled.
    expect(await moveToSchoolDatabases()).toBe(0);
    expect(await ClassModel.of(fx.a.id).countDocuments()).toBe(2);
  });

  it('a move cut short after copying is finished without doubles', async () => {
    const doc = {
      _id: new Types.ObjectId(),
      schoolId: new Types.ObjectId(fx.a.id),
      className: '9Z',
      nameKey: '9z',
      createdAt: now,
      updatedAt: now,
    };
    // Copied to the school's database, but the shared copy was not removed before the crash.
    await ClassModel.of(fx.a.id).collection.insertOne({ ...doc });
    await shared('classes').insertOne({ ...doc });
    expect(await moveToSchoolDatabases()).toBe(1);
    expect(await ClassModel.of(fx.a.id).countDocuments({ nameKey: '9z' })).toBe(1);
    expect(await shared('classes').countDocuments()).toBe(0);
  });
});
