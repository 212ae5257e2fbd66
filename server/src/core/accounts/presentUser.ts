import type { User } from '#protocol/auth';
import type { Role, UserStatus } from '#protocol/roles';
import type { UserRecord } from './userModel';
import { changedAt } from '../../db/changedAt';

/** The one shape a user leaves the server in (REST and events alike). */
export function presentUser(user: UserRecord, schoolName: string | null): User {
  return {
    id: user._id.toHexString(),
    name: user.name,
    email: user.email,
    role: user.role as Role,
    status: user.status as UserStatus,
    schoolId: user.schoolId ? user.schoolId.toHexString() : null,
    schoolName,
    updatedAt: changedAt(user),
    signIn: {
      password: !!user.passwordHash,
      passkey: (user.passkeyCount ?? 0) > 0,
      authenticatorApp: !!user.authenticatorApp,
      providers: (user.identities ?? []).map((identity) => ({ id: identity.providerId, name: identity.providerName })),
    },
  };
}
