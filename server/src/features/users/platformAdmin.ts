import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { hashPassword } from '../../core/accounts/passwords';
import { normalizeEmail, UserModel } from '../../core/accounts/userModel';

/** Creates the Plattformadministrator with this e-mail if it does not exist. Returns true if created. */
export async function ensurePlatformAdmin(email: string, password: string, name = 'Plattformadministrator'): Promise<boolean> {
  const normalized = normalizeEmail(email);
  if (await UserModel.exists({ email: normalized })) return false;
  await UserModel.create({
    name,
    email: normalized,
    passwordHash: await hashPassword(password),
    role: PLATFORM_ADMIN_ROLE,
    status: 'approved',
    schoolId: null,
  });
  return true;
}
