import type { User } from '#protocol/auth';
import type { Role, UserStatus } from '#protocol/roles';
import type { UserDoc } from './model';

/** The one shape a user leaves the server in (REST and events alike). */
export function presentUser(user: UserDoc, schoolName: string | null): User {
  return {
    id: user._id.toHexString(),
    name: user.name,
    email: user.email,
    role: user.role as Role,
    status: user.status as UserStatus,
    schoolId: user.schoolId ? user.schoolId.toHexString() : null,
    schoolName,
    updatedAt: (user.updatedAt ?? new Date()).toISOString(),
  };
}
