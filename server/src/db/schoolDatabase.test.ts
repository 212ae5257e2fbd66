import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../test/fixtures';
import { useServerWithFixture } from '../../test/useTestServer';
import { ClassModel } from '../features/classes/model';
import { MaintenanceTaskModel } from '../features/maintenance/model';
import { isDuplicateKey } from './duplicateKey';
import { schoolDatabaseName } from './schoolDatabase';
import { schoolData } from '../cache/areas';
import { readThrough } from '../cache/readThrough';

let fx: Fixture;
useServerWithFixture((started) => ({ fx } = started));

describe('a school’s own database', () => {
  it('holds its documents apart: the other school’s database has none of them', async () => {
    await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '1A', nameKey: '1a' });
    expect(await ClassModel.of(fx.a.id).countDocuments({ nameKey: '1a' })).toBe(1);
    expect(await ClassModel.of(fx.b.id).countDocuments({ nameKey: '1a' })).toBe(0);
    expect(ClassModel.of(fx.a.id).db.name).toBe(schoolDatabaseName(fx.a.id));
    expect(schoolDatabaseName(fx.a.id).startsWith(mongoose.connection.name)).toBe(true);
  });

  it('refuses a document of one school written to another school’s database', async () => {
    await expect(ClassModel.of(fx.a.id).create({ schoolId: fx.b.id, className: '2B', nameKey: '2b' })).rejects.toThrow(/written to/);
    expect(await ClassModel.of(fx.a.id).countDocuments({ nameKey: '2b' })).toBe(0);
  });

  it('takes only a school id for a database name, never other text', () => {
    expect(() => schoolDatabaseName('../admin')).toThrow();
  });
});

describe('a new document stored with insert, the live path’s create', () => {
  const fields = (schoolId: unknown, description: string) => ({
    schoolId,
    roomNumber: '101',
    description,
    createdByUserId: fx.a.supervisor.id,
    createdByName: 'Tilsyn',
  });

  it('is stored as create stores it: defaults, timestamps and the version key', async () => {
    const Task = MaintenanceTaskModel.of(fx.a.id);
    const inserted = await MaintenanceTaskModel.insert(fx.a.id, fields(fx.a.id, 'Lekker kran (insert)'));
    const created = await Task.create(fields(fx.a.id, 'Lekker kran (create)'));
    const [fromInsert, fromCreate] = await Promise.all([
      Task.collection.findOne({ _id: inserted._id }),
      Task.collection.findOne({ _id: created._id }),
    ]);
    expect(Object.keys(fromInsert!).sort()).toEqual(Object.keys(fromCreate!).sort());
    expect(fromInsert).toMatchObject({
      status: 'pending',
      completedByName: null,
      rejectedAt: null,
      __v: 0,
      description: 'Lekker kran (insert)',
    });
    expect(fromInsert!.createdAt).toBeInstanceOf(Date);
    expect(fromInsert!.updatedAt).toEqual(fromInsert!.createdAt);
    expect(inserted.isNew).toBe(false);
    expect(inserted.createdAt.getTime()).toBe((fromInsert!.createdAt as Date).getTime());
  });

  it('refuses what the schema refuses, and stores nothing', async () => {
    const before = await MaintenanceTaskModel.of(fx.a.id).countDocuments();
    await expect(MaintenanceTaskModel.insert(fx.a.id, { ...fields(fx.a.id, 'x'), roomNumber: undefined })).rejects.toThrow(/roomNumber/);
    await expect(MaintenanceTaskModel.insert(fx.a.id, { ...fields(fx.a.id, 'x'), status: 'glemt' })).rejects.toThrow(/status/);
    expect(await MaintenanceTaskModel.of(fx.a.id).countDocuments()).toBe(before);
  });

  it('refuses a document of another school (the validate middleware runs), and stores nothing', async () => {
    await expect(MaintenanceTaskModel.insert(fx.a.id, fields(fx.b.id, 'Feil skole'))).rejects.toThrow(/written to/);
    expect(await MaintenanceTaskModel.of(fx.a.id).countDocuments({ description: 'Feil skole' })).toBe(0);
    expect(await MaintenanceTaskModel.of(fx.b.id).countDocuments({ description: 'Feil skole' })).toBe(0);
  });

  it('keeps unique indexes: the second of two equal classes is a duplicate key', async () => {
    await ClassModel.insert(fx.a.id, { schoolId: fx.a.id, className: '9C', nameKey: '9c' });
    const second = await ClassModel.insert(fx.a.id, { schoolId: fx.a.id, className: '9c', nameKey: '9c' }).catch((err: unknown) => err);
    expect(isDuplicateKey(second)).toBe(true);
    expect(await ClassModel.of(fx.a.id).countDocuments({ nameKey: '9c' })).toBe(1);
  });

  it('insertOnce stores under the given id once, then gives back the stored one unchanged', async () => {
    const id = new mongoose.Types.ObjectId();
    const first = await MaintenanceTaskModel.insertOnce(fx.a.id, id, fields(fx.a.id, 'Første'));
    const second = await MaintenanceTaskModel.insertOnce(fx.a.id, id, fields(fx.a.id, 'Andre'));
    expect([first.made, second.made]).toEqual([true, false]);
    expect(second.doc._id.equals(id)).toBe(true);
    expect(second.doc.description).toBe('Første');
    expect(await MaintenanceTaskModel.of(fx.a.id).countDocuments({ _id: id })).toBe(1);
  });

  it('insertOnce refused by another unique index is a duplicate key, not a document given back', async () => {
    await ClassModel.insert(fx.a.id, { schoolId: fx.a.id, className: '7E', nameKey: '7e' });
    const refused = await ClassModel.insertOnce(fx.a.id, new mongoose.Types.ObjectId(), {
      schoolId: fx.a.id,
      className: '7e',
      nameKey: '7e',
    }).catch((err: unknown) => err);
    expect(isDuplicateKey(refused)).toBe(true);
    expect(await ClassModel.of(fx.a.id).countDocuments({ nameKey: '7e' })).toBe(1);
  });

  it('empties the school’s cached reads of the model', async () => {
    const count = () => readThrough(schoolData(fx.a.id, ClassModel.modelName), 'count', () => ClassModel.of(fx.a.id).countDocuments());
    const before = await count();
    expect(await count()).toBe(before);
    await ClassModel.insert(fx.a.id, { schoolId: fx.a.id, className: '8D', nameKey: '8d' });
    expect(await count()).toBe(before + 1);
  });
});
