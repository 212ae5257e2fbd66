import { PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE, type Role, type UserStatus } from '../../../../protocol/src/roles';
import { hashPassword } from '../auth/passwords';
import { ClassModel, classNameKey } from '../classes/model';
import { School, schoolNameKey } from '../schools/model';
import { UserModel } from '../users/model';

export const DEMO_SCHOOL_NAME = 'Demo internatskole';
const DEMO_PASSWORD = 'demo1234';

type DemoLogin = { label: string; name: string; email: string; password: string; role: Role; status: UserStatus };

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { label: 'Admin', name: 'Anne Admin', email: 'admin@demo.no', password: DEMO_PASSWORD, role: 'Admin', status: 'approved' },
  { label: 'Tilsynsvakt', name: 'Kari Tilsyn', email: 'tilsyn@demo.no', password: DEMO_PASSWORD, role: SUPERVISOR_ROLE, status: 'approved' },
  { label: 'Vaktmester', name: 'Per Vaktmester', email: 'vaktmester@demo.no', password: DEMO_PASSWORD, role: 'Vaktmester', status: 'approved' },
  { label: 'Venter på godkjenning', name: 'Nina Ny', email: 'ny@demo.no', password: DEMO_PASSWORD, role: SUPERVISOR_ROLE, status: 'pending' },
  { label: 'Plattformadministrator', name: 'Pål Plattform', email: 'plattform@demo.no', password: DEMO_PASSWORD, role: PLATFORM_ADMIN_ROLE, status: 'approved' },
];

const DEMO_CLASSES = ['1A', '1B', '2A', '3 Idrett'];

/** On an empty database: the demo school, one user per role, a pending user and a few classes. */
export async function seedDemoDataIfEmpty(): Promise<boolean> {
  if ((await School.estimatedDocumentCount()) > 0 || (await UserModel.estimatedDocumentCount()) > 0) return false;
  const school = await School.create({ name: DEMO_SCHOOL_NAME, nameKey: schoolNameKey(DEMO_SCHOOL_NAME), active: true });
  for (const login of DEMO_LOGINS) {
    await UserModel.create({
      name: login.name,
      email: login.email,
      passwordHash: await hashPassword(login.password),
      role: login.role,
      status: login.status,
      schoolId: login.role === PLATFORM_ADMIN_ROLE ? null : school._id,
    });
  }
  await ClassModel.insertMany(
    DEMO_CLASSES.map((className) => ({ schoolId: school._id, className, nameKey: classNameKey(className) })),
  );
  return true;
}
