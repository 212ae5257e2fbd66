import { randomBytes } from 'node:crypto';
import mongoose, { Schema, Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../test/callers';
import type { Fixture } from '../test/fixtures';
import type { ApiClient } from '../test/httpClient';
import { signedIn } from '../test/sessions';
import type { TestServer } from '../test/testServer';
import { hasSchoolDatabase } from '../test/everySchool';
import { useServerWithFixture } from '../test/useTestServer';
import { schoolCleanupCoverage } from './core/removal/schoolRemoval';
import { userCleanupCoverage } from './core/removal/userRemoval';
import { schoolModels } from './db/schoolDatabase';

/**
 * Issue 42: removing a user and removing a school are one call each (core/removal), which runs the
 * clean-up every feature registered. A model that holds a user's or a school's rows and has none
 * fails here by name; what is kept on purpose is named below, with why.
 */

/** Kept when a user is removed, by decision. */
const KEPT_WHEN_A_USER_GOES: Record<string, string> = {
  User: 'the user document itself: removeUser deletes it before it runs the clean-ups',
  AuditEntry: 'the audit trail records what was done and by whom, and outlives the person (docs/decisions.md, Audit trail)',
};
/** Kept by a school's removal beyond the registered clean-ups, by decision. */
const NOT_A_SCHOOL_CLEANUP: Record<string, string> = {
  User: "the school's users go last, in removeSchoolData itself, so that a deletion cut short still finds whose data to remove",
};

const USER_FIELD = /^(userId|actorId|\w+UserId)$/;
const fieldsOf = (schema: Schema, pattern: RegExp, ref: string) =>
  Object.entries(schema.paths)
    .filter(([path, type]) => pattern.test(path) || (type.options as { ref?: string }).ref === ref)
    .map(([path]) => path);
const userFields = (schema: Schema) => fieldsOf(schema, USER_FIELD, 'User');
const schoolFields = (schema: Schema) => fieldsOf(schema, /^schoolId$/, 'School');

/** Every model the app defines in the shared database. */
const sharedModels = () => mongoose.modelNames().map((name) => mongoose.model(name));

type SharedModel = ReturnType<typeof sharedModels>[number];

/** What a model with a user or school field lacks: a registered clean-up, or a named reason to keep its rows. */
function missingCleanups(): string[] {
  const users = userCleanupCoverage();
  const schools = schoolCleanupCoverage();
  const school = new Set(schoolModels().map((model) => model.modelName));
  const missing: string[] = [];
  for (const model of sharedModels()) {
    const name = model.modelName;
    // A school's own database goes whole with the school; a user's rows in it (a report they wrote,
    // a case they made) are the school's records and stay while the school does.
    if (school.has(name)) continue;
    if (userFields(model.schema).length > 0 && !users.has(name) && !KEPT_WHEN_A_USER_GOES[name])
      missing.push(`${name} har ${userFields(model.schema).join(', ')}, men ingen opprydding når en bruker fjernes (onUsersRemoved)`);
    if (schoolFields(model.schema).length > 0 && !schools.has(name) && !NOT_A_SCHOOL_CLEANUP[name])
      missing.push(`${name} har schoolId, men ingen opprydding når en skole slettes (onSchoolRemoved)`);
  }
  return missing;
}

let server: TestServer;
let fx: Fixture;
let platform: ApiClient;
useServerWithFixture((started) => ({ server, fx } = started));
beforeAll(async () => {
  platform = await signedIn(server.baseUrl, fx.platformAdmin);
});

describe('every model has its clean-up', () => {
  it('names none missing in the app as built', () => {
    expect(missingCleanups()).toEqual([]);
    // The rule looks at something: the app's own models with a user's rows are covered by name.
    expect([...userCleanupCoverage().keys()].sort()).toEqual(
      expect.arrayContaining(['Passkey', 'PasswordReset', 'PendingSignIn', 'PushSubscription', 'Session', 'Totp']),
    );
    expect([...schoolCleanupCoverage().keys()].sort()).toEqual(['AuditEntry', 'PushSubscription']);
  });

  it('tells a new model with a userId or schoolId to register its clean-up', () => {
    const probe = mongoose.model(
      'RemovalProbe',
      new Schema({ userId: { type: Schema.Types.ObjectId }, schoolId: { type: Schema.Types.ObjectId } }),
    );
    try {
      expect(missingCleanups()).toEqual([
        'RemovalProbe har userId, men ingen opprydding når en bruker fjernes (onUsersRemoved)',
        'RemovalProbe har schoolId, men ingen opprydding når en skole slettes (onSchoolRemoved)',
      ]);
    } finally {
      mongoose.deleteModel(probe.modelName);
    }
  });
});

/** A row of the model that belongs to these ids (its user or school fields), written as stored, whatever else it would need. */
async function rowOf(model: SharedModel, ids: { userId?: Types.ObjectId; schoolId?: Types.ObjectId }): Promise<void> {
  const row: Record<string, unknown> = {};
  for (const [path, type] of Object.entries(model.schema.paths)) {
    // Unique fields get a value of their own, so one row per user fits beside the fixture's.
    if ((type.options as { unique?: boolean }).unique && type.instance === 'String') row[path] = randomBytes(8).toString('hex');
  }
  if (model.schema.path('_id')?.instance === 'String') row._id = randomBytes(8).toString('hex');
  if (ids.userId) for (const field of userFields(model.schema)) row[field] = ids.userId;
  if (ids.schoolId) for (const field of schoolFields(model.schema)) row[field] = ids.schoolId;
  await model.collection.insertOne(row);
}

/** How many rows of every covered model still name the user (or the school). */
async function rowsLeft(ids: { userId?: Types.ObjectId; schoolId?: Types.ObjectId }): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const model of sharedModels()) {
    const fields = [...(ids.userId ? userFields(model.schema) : []), ...(ids.schoolId ? schoolFields(model.schema) : [])];
    const kept = ids.schoolId ? false : !!KEPT_WHEN_A_USER_GOES[model.modelName];
    if (fields.length === 0 || kept) continue;
    const or = fields.map((field) => ({ [field]: schoolFields(model.schema).includes(field) ? ids.schoolId : ids.userId }));
    const n = await model.collection.countDocuments({ $or: or });
    if (n > 0) left[model.modelName] = n;
  }
  return left;
}

describe('removing a user', () => {
  it('over DELETE /api/admin/users/{id}, leaves no row of theirs in any model with a clean-up', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    await signedIn(server.baseUrl, user);
    const userId = new Types.ObjectId(user.id);
    for (const name of userCleanupCoverage().keys()) await rowOf(mongoose.model(name), { userId });
    expect(Object.keys(await rowsLeft({ userId })).sort()).toEqual([...userCleanupCoverage().keys()].sort());

    const admin = await signedIn(server.baseUrl, fx.a.admin);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await rowsLeft({ userId })).toEqual({});
    expect(await mongoose.model('User').exists({ _id: userId })).toBeNull();
  });
});

describe('removing a school', () => {
  it('over DELETE /api/plattformadministrator/schools/{id}, leaves no row of it or of its users', async () => {
    const school = (await platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Skolen som går' })).body;
    const schoolId = new Types.ObjectId(school.id);
    const user = await makeUser(school.id, 'Admin');
    await signedIn(server.baseUrl, user);
    const userId = new Types.ObjectId(user.id);
    for (const name of userCleanupCoverage().keys()) await rowOf(mongoose.model(name), { userId });
    for (const name of schoolCleanupCoverage().keys()) await rowOf(mongoose.model(name), { schoolId });

    expect((await platform.delete(`/api/plattformadministrator/schools/${school.id}`)).status).toBe(200);
    expect(await rowsLeft({ userId })).toEqual({});
    expect(await rowsLeft({ schoolId })).toEqual({});
    expect(await mongoose.model('User').countDocuments({ schoolId })).toBe(0);
    expect(await hasSchoolDatabase(school.id)).toBe(false);
  });
});
