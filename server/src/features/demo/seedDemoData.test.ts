import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/httpClient';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { ClassModel } from '../classes/model';
import { School } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import { ensurePlatformAdmin } from '../users/platformAdmin';
import { DEMO_LOGINS, DEMO_SCHOOL_NAME, seedDemoData, workingDemoLogins } from './seedDemoData';
import { countEverywhere } from '../../../test/everySchool';
import { RegisterStudentModel } from '../studentRegister/model';
import { SickRecord } from '../sick/model';
import { Trip } from '../away/model';
import { DEMO_HOUSES } from './demoRegister';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo data', () => {
  it('is decided by the demo school, not an empty database: a platform admin made first does not keep it away', async () => {
    // As `npm start` with PLATFORM_ADMIN_EMAIL set: that administrator is made before the demo.
    expect(await ensurePlatformAdmin('drift@skole.no', 'hemmelig')).toBe(true);
    expect(await seedDemoData(server.app)).toBe(true);
    expect(await seedDemoData(server.app)).toBe(false);
    expect(await School.find({}, { name: 1, _id: 0 }).lean()).toEqual([{ name: DEMO_SCHOOL_NAME }]);
    expect(await UserModel.countDocuments({ role: 'Plattformadministrator' })).toBe(2);
    expect(await countEverywhere(ClassModel)).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_LOGINS.map((l) => l.role))).toEqual(new Set(['Admin', 'Tilsynsvakt', 'Vaktmester', 'Plattformadministrator']));
    expect(DEMO_LOGINS.some((l) => l.status === 'pending')).toBe(true);
    for (const login of DEMO_LOGINS) {
      const res = await new ApiClient(server.baseUrl).login(login.email, login.password);
      expect(res.status, login.email).toBe(200);
      expect(res.body.user).toMatchObject({ role: login.role, status: login.status });
    }
    expect(await workingDemoLogins()).toEqual(DEMO_LOGINS);

    // The register (issue 46): 60 boarders in 3 houses, among them everyone the sick and away lists name.
    const school = (await School.findOne({ name: DEMO_SCHOOL_NAME }, { _id: 1 }).lean())!;
    const register = await RegisterStudentModel.of(school._id).find({}).lean();
    expect(register).toHaveLength(60);
    expect(register.every((student) => student.boarder && student.classId && student.room)).toBe(true);
    expect(DEMO_HOUSES.map((house) => register.filter((student) => student.house === house).length)).toEqual([20, 20, 20]);
    const registered = new Set(register.map((student) => `${student.firstName} ${student.lastName}`));
    const sickNames = (await SickRecord.of(school._id).find({}).lean()).flatMap((list) => list.students.map((student) => student.name));
    const awayNames = (await Trip.of(school._id).find({}).lean()).flatMap((trip) => trip.studentNames ?? []);
    expect(sickNames.length).toBeGreaterThan(0);
    expect(awayNames.length).toBeGreaterThan(0);
    expect([...sickNames, ...awayNames].filter((name) => !registered.has(name))).toEqual([]);
    // The weeks of history (demoHistory.test.ts) take a while on a busy machine.
  }, 120_000);

  it('prints only the logins that work: one whose password was changed is left out', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@demo.no', 'demo1234');
    expect((await admin.put('/api/auth/change-password', { currentPassword: 'demo1234', newPassword: 'nytt-passord' })).status).toBe(200);
    expect((await workingDemoLogins()).map((l) => l.email)).toEqual(
      DEMO_LOGINS.filter((l) => l.email !== 'admin@demo.no').map((l) => l.email),
    );
  });

  it('creates the configured Plattformadministrator only if missing', async () => {
    expect(await ensurePlatformAdmin('Sjef@Plattform.no', 'hemmelig')).toBe(true);
    expect(await ensurePlatformAdmin('sjef@plattform.no', 'annet')).toBe(false);
    const admin = await UserModel.findOne({ email: 'sjef@plattform.no' }).lean();
    expect(admin).toMatchObject({ role: 'Plattformadministrator', status: 'approved', schoolId: null });
    expect((await new ApiClient(server.baseUrl).login('sjef@plattform.no', 'hemmelig')).status).toBe(200);
  });
});
