import type { Types } from 'mongoose';
import { PLATFORM_ADMIN_ROLE, SUPERVISOR_ROLE, type Role, type UserStatus } from '#protocol/roles';
import { testPasswordHash } from './testPasswords';
import { School, schoolNameKey } from '../src/core/accounts/schoolModel';
import { UserModel } from '../src/core/accounts/userModel';
import { prepareSchoolDatabase } from '../src/db/schoolDatabase';

export const PASSWORD = 'passord123';

export type FixtureUser = { id: string; email: string; name: string; role: Role; status: UserStatus; schoolId: string | null };
export type FixtureSchool = {
  id: string;
  name: string;
  admin: FixtureUser;
  supervisor: FixtureUser;
  caretaker: FixtureUser;
  pending: FixtureUser;
  deactivated: FixtureUser;
};
export type Fixture = {
  a: FixtureSchool;
  b: FixtureSchool;
  platformAdmin: FixtureUser;
  inactiveSchool: { id: string; admin: FixtureUser };
};

let passwordHash: Promise<string> | undefined;

async function createUser(
  name: string,
  email: string,
  role: Role,
  status: UserStatus,
  schoolId: Types.ObjectId | null,
): Promise<FixtureUser> {
  passwordHash ??= testPasswordHash(PASSWORD);
  const user = await UserModel.create({ name, email, role, status, schoolId, passwordHash: await passwordHash });
  return { id: user._id.toHexString(), email, name, role, status, schoolId: schoolId?.toHexString() ?? null };
}

async function createSchool(key: string, name: string, active = true) {
  const school = await School.create({ name, nameKey: schoolNameKey(name), active });
  await prepareSchoolDatabase(school._id);
  return school;
}

async function schoolWithEveryRole(key: 'a' | 'b', name: string): Promise<FixtureSchool> {
  const school = await createSchool(key, name);
  const id = school._id;
  return {
    id: id.toHexString(),
    name,
    admin: await createUser(`Admin ${key.toUpperCase()}`, `admin.${key}@test.no`, 'Admin', 'approved', id),
    supervisor: await createUser(`Kari ${key.toUpperCase()}`, `tilsyn.${key}@test.no`, SUPERVISOR_ROLE, 'approved', id),
    caretaker: await createUser(`Vaktmester ${key.toUpperCase()}`, `vaktmester.${key}@test.no`, 'Vaktmester', 'approved', id),
    pending: await createUser(`Ny ${key.toUpperCase()}`, `ny.${key}@test.no`, SUPERVISOR_ROLE, 'pending', id),
    deactivated: await createUser(`Borte ${key.toUpperCase()}`, `borte.${key}@test.no`, SUPERVISOR_ROLE, 'deactivated', id),
  };
}

/** Two schools with every role and status, an inactive school, and a Plattformadministrator. */
export async function seedFixture(): Promise<Fixture> {
  const a = await schoolWithEveryRole('a', 'Skole A');
  const b = await schoolWithEveryRole('b', 'Skole B');
  const inactive = await createSchool('c', 'Nedlagt skole', false);
  return {
    a,
    b,
    inactiveSchool: {
      id: inactive._id.toHexString(),
      admin: await createUser('Admin C', 'admin.c@test.no', 'Admin', 'approved', inactive._id),
    },
    platformAdmin: await createUser('Pål Plattform', 'plattform@test.no', PLATFORM_ADMIN_ROLE, 'approved', null),
  };
}
