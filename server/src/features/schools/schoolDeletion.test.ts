import mongoose from 'mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useServerWithFixture } from '../../../test/useTestServer';
import { makeUser } from '../../../test/callers';
import { type Fixture } from '../../../test/fixtures';
import type { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { type TestServer } from '../../../test/testServer';
import { Trip } from '../away/model';
import { ReportModel } from '../reports/model';
import { AuditModel } from '../audit/model';
import { hasSchoolDatabase } from '../../../test/everySchool';
import { UserModel } from '../../core/accounts/userModel';
import { School } from '../../core/accounts/schoolModel';
import { finishSchoolDeletions } from './service';

/** Deleting a school is safe to cut short: a retry (or the next start) finishes it, nothing is left behind. */
let server: TestServer;
let fx: Fixture;
let platform: ApiClient;
useServerWithFixture((s) => ({ server, fx } = s));
beforeAll(async () => {
  platform = await signedIn(server.baseUrl, fx.platformAdmin);
});

async function schoolWithData(name: string) {
  const school = (await platform.post<{ id: string }>('/api/plattformadministrator/schools', { name })).body;
  const admin = await makeUser(school.id, 'Admin');
  const supervisor = await makeUser(school.id, 'Tilsynsvakt');
  const session = await signedIn(server.baseUrl, admin);
  await ReportModel.of(school.id).create({
    schoolId: school.id,
    authorUserId: supervisor.id,
    authorName: supervisor.name,
    date: '2026-03-01',
    content: 'x',
  });
  await Trip.of(school.id).create({ schoolId: school.id, fromDate: '2026-03-01', toDate: '2026-03-02', studentNames: ['Per'] });
  return { id: school.id, admin, session };
}

/** What is left of the school: its own database, and its documents in the shared collections. */
async function leftOf(schoolId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  if (await hasSchoolDatabase(schoolId)) left.database = 1;
  for (const model of Object.values(mongoose.models)) {
    if (!model.schema.path('schoolId')) continue;
    const n = await model.countDocuments({ schoolId });
    if (n > 0) left[model.modelName] = n;
  }
  return left;
}

describe('deleting a school, cut short', () => {
  it('a failure halfway leaves the school switched off and its users signed out; a retry finishes it', async () => {
    const school = await schoolWithData('Avbrutt skole');
    const failing = vi.spyOn(mongoose.Connection.prototype, 'dropDatabase').mockRejectedValueOnce(new Error('disken er full'));
    try {
      expect((await platform.delete(`/api/plattformadministrator/schools/${school.id}`)).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    // Half done: off, nobody of it signed in or able to sign in, its users still there to find.
    expect(await School.findById(school.id).lean()).toMatchObject({ active: false, deleting: true });
    expect((await school.session.get('/api/auth/me')).status).toBe(401);
    expect((await platform.post('/api/auth/login', { email: school.admin.email, password: 'passord123' })).status).toBe(403);
    expect(await UserModel.countDocuments({ schoolId: school.id })).toBe(2);

    expect((await platform.delete(`/api/plattformadministrator/schools/${school.id}`)).status).toBe(200);
    expect(await leftOf(school.id)).toEqual({});
    expect(await School.exists({ _id: school.id })).toBeNull();
    expect(await UserModel.countDocuments({ schoolId: fx.a.id })).toBeGreaterThan(0);
  });

  it('a deletion a crash cut short is finished at the next start', async () => {
    const school = await schoolWithData('Krasj skole');
    expect(await hasSchoolDatabase(school.id)).toBe(true);
    const failing = vi.spyOn(AuditModel, 'deleteMany').mockRejectedValueOnce(new Error('prosessen døde'));
    try {
      expect((await platform.delete(`/api/plattformadministrator/schools/${school.id}`)).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(await finishSchoolDeletions(server.app.realtime)).toBe(1);
    expect(await leftOf(school.id)).toEqual({});
    expect(await School.exists({ _id: school.id })).toBeNull();
    expect(await finishSchoolDeletions(server.app.realtime)).toBe(0);
  });
});
