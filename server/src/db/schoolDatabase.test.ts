import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixture, type Fixture } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/testServer';
import { ClassModel } from '../features/classes/model';
import { schoolDatabaseName } from './schoolDatabase';

let server: TestServer;
let fx: Fixture;
beforeAll(async () => {
  server = await startTestServer();
  fx = await seedFixture();
});
afterAll(async () => server?.close());

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
