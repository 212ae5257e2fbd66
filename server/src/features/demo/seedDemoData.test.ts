import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/httpClient';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { ClassModel } from '../classes/model';
import { School } from '../schools/model';
import { UserModel } from '../users/model';
import { ensurePlatformAdmin } from '../users/platformAdmin';
import { DEMO_LOGINS, DEMO_SCHOOL_NAME, seedDemoDataIfEmpty } from './seedDemoData';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo data', () => {
  it('fills an empty database once, with a login per role that works', async () => {
    expect(await seedDemoDataIfEmpty()).toBe(true);
    expect(await seedDemoDataIfEmpty()).toBe(false);
    expect(await School.find({}, { name: 1, _id: 0 }).lean()).toEqual([{ name: DEMO_SCHOOL_NAME }]);
    expect(await ClassModel.countDocuments()).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_LOGINS.map((l) => l.role))).toEqual(new Set(['Admin', 'Tilsynsvakt', 'Vaktmester', 'Plattformadministrator']));
    expect(DEMO_LOGINS.some((l) => l.status === 'pending')).toBe(true);
    for (const login of DEMO_LOGINS) {
      const res = await new ApiClient(server.baseUrl).login(login.email, login.password);
      expect(res.status, login.email).toBe(200);
      expect(res.body.user).toMatchObject({ role: login.role, status: login.status });
    }
  });

  it('creates the configured Plattformadministrator only if missing', async () => {
    expect(await ensurePlatformAdmin('Sjef@Plattform.no', 'hemmelig')).toBe(true);
    expect(await ensurePlatformAdmin('sjef@plattform.no', 'annet')).toBe(false);
    const admin = await UserModel.findOne({ email: 'sjef@plattform.no' }).lean();
    expect(admin).toMatchObject({ role: 'Plattformadministrator', status: 'approved', schoolId: null });
    expect((await new ApiClient(server.baseUrl).login('sjef@plattform.no', 'hemmelig')).status).toBe(200);
  });
});
