import { PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE, type Role, type UserStatus } from '#protocol/roles';
import { hashPassword, verifyPassword } from '../../core/accounts/passwords';
import { ClassModel, classNameKey } from '../classes/model';
import { School, schoolNameKey } from '../../core/accounts/schoolModel';
import { UserModel } from '../../core/accounts/userModel';
import { prepareSchoolDatabase } from '../../db/schoolDatabase';
import { writeDemoHistory, type DemoApp } from './demoHistory';
import { writeDemoRegister } from './demoRegister';

export const DEMO_SCHOOL_NAME = 'Demo internatskole';
const DEMO_PASSWORD = 'demo1234';

type DemoLogin = { label: string; name: string; email: string; password: string; role: Role; status: UserStatus };

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { label: 'Admin', name: 'Anne Admin', email: 'admin@demo.no', password: DEMO_PASSWORD, role: 'Admin', status: 'approved' },
  {
    label: 'Tilsynsvakt',
    name: 'Kari Tilsyn',
    email: 'tilsyn@demo.no',
    password: DEMO_PASSWORD,
    role: SUPERVISOR_ROLE,
    status: 'approved',
  },
  {
    label: 'Vaktmester',
    name: 'Per Vaktmester',
    email: 'vaktmester@demo.no',
    password: DEMO_PASSWORD,
    role: 'Vaktmester',
    status: 'approved',
  },
  {
    label: 'Venter på godkjenning',
    name: 'Nina Ny',
    email: 'ny@demo.no',
    password: DEMO_PASSWORD,
    role: SUPERVISOR_ROLE,
    status: 'pending',
  },
  {
    label: 'Plattformadministrator',
    name: 'Pål Plattform',
    email: 'plattform@demo.no',
    password: DEMO_PASSWORD,
    role: PLATFORM_ADMIN_ROLE,
    status: 'approved',
  },
];

const DEMO_CLASSES = ['1A', '1B', '2A', '3 Idrett'];

/**
 * The demo school with one user per role, a pending user and a few classes, unless the demo school
 * is there already; then its register of 60 boarders (demoRegister.ts) and its weeks of history
 * (demoHistory.ts), unless it has them. Decided by the
 * demo school, not by an empty database: a Plattformadministrator made first from
 * PLATFORM_ADMIN_EMAIL must not keep the demo away. A demo e-mail already taken (by that
 * administrator, say) is left as it is. Says whether the school was made now.
 */
export async function seedDemoData(app: DemoApp): Promise<boolean> {
  const existing = await School.findOne({ nameKey: schoolNameKey(DEMO_SCHOOL_NAME) }, { _id: 1 }).lean();
  if (existing) {
    await writeDemoRegister(existing._id);
    await writeDemoHistory(existing._id, app);
    return false;
  }
  const school = await School.create({ name: DEMO_SCHOOL_NAME, nameKey: schoolNameKey(DEMO_SCHOOL_NAME), active: true });
  for (const login of DEMO_LOGINS) {
    if (await UserModel.exists({ email: login.email })) continue;
    await UserModel.create({
      name: login.name,
      email: login.email,
      passwordHash: await hashPassword(login.password),
      role: login.role,
      status: login.status,
      schoolId: login.role === PLATFORM_ADMIN_ROLE ? null : school._id,
    });
  }
  await prepareSchoolDatabase(school._id);
  await ClassModel.of(school._id).insertMany(
    DEMO_CLASSES.map((className) => ({ schoolId: school._id, className, nameKey: classNameKey(className) })),
  );
  await writeDemoRegister(school._id);
  await writeDemoHistory(school._id, app);
  return true;
}

/** The demo logins that work as printed: the user is there, with that role and the demo password. */
export async function workingDemoLogins(): Promise<DemoLogin[]> {
  const working: DemoLogin[] = [];
  for (const login of DEMO_LOGINS) {
    const user = await UserModel.findOne({ email: login.email }, { passwordHash: 1, role: 1 }).lean();
    if (user?.role === login.role && (await verifyPassword(user.passwordHash, login.password))) working.push(login);
  }
  return working;
}
