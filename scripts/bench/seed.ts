import { hashPassword } from '../../server/src/core/accounts/passwords';
import { MaintenanceTaskModel } from '../../server/src/features/maintenance/model';
import { ReportModel } from '../../server/src/features/reports/model';
import { School, schoolNameKey } from '../../server/src/core/accounts/schoolModel';
import { UserModel } from '../../server/src/core/accounts/userModel';
import { prepareSchoolDatabase } from '../../server/src/db/schoolDatabase';
import { SESSION_COOKIE } from '../../server/src/plugins/session';
import { addDays, reportDay } from '#protocol/time';
import { XHR } from './measure';

const PASSWORD = 'passord123';
const SUPERVISORS = 8;

export async function cookieFor(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  // The session cookie, not the device cookie that comes with it.
  const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`login ${email}: no session cookie`);
  return session.split(';')[0]!;
}

/** A school with a season's worth of data: supervisors, 60 days of reports, 200 maintenance cases. */
export async function seedBenchData(base: string) {
  const passwordHash = await hashPassword(PASSWORD);
  const school = await School.create({ name: 'Benk skole', nameKey: schoolNameKey('Benk skole'), active: true });
  const user = (name: string, email: string, role: string) =>
    UserModel.create({ name, email, role, status: 'approved', schoolId: school._id, passwordHash });
  const supervisors = await Promise.all(
    Array.from({ length: SUPERVISORS }, (_, i) => user(`Tilsyn ${i}`, `tilsyn${i}@benk.no`, 'Tilsynsvakt')),
  );
  await user('Admin', 'admin@benk.no', 'Admin');
  await user('Vaktmester', 'vaktmester@benk.no', 'Vaktmester');

  await prepareSchoolDatabase(school._id);
  const today = reportDay(new Date());
  await ReportModel.of(school._id).insertMany(
    Array.from({ length: 60 * SUPERVISORS }, (_, i) => ({
      schoolId: school._id,
      authorUserId: supervisors[i % SUPERVISORS]!._id,
      authorName: supervisors[i % SUPERVISORS]!.name,
      date: addDays(today, -1 - Math.floor(i / SUPERVISORS)),
      content: 'Rolig kveld. '.repeat(40),
      taskTicks: [{ taskId: '1', at: new Date() }],
    })),
  );
  await MaintenanceTaskModel.of(school._id).insertMany(
    Array.from({ length: 200 }, (_, i) => ({
      schoolId: school._id,
      roomNumber: String((i * 7) % 300),
      description: 'Lekker kran på badet',
      status: i % 3 === 0 ? 'pending' : 'completed',
      createdByUserId: supervisors[0]!._id,
      createdByName: supervisors[0]!.name,
    })),
  );
  return {
    schoolId: school._id.toHexString(),
    supervisorEmail: 'tilsyn0@benk.no',
    supervisorCookies: await Promise.all(supervisors.map((s) => cookieFor(base, s.email))),
    adminCookie: await cookieFor(base, 'admin@benk.no'),
    caretakerCookie: await cookieFor(base, 'vaktmester@benk.no'),
  };
}
