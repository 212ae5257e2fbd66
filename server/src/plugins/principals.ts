import type { FastifyInstance } from 'fastify';
import type { Types } from 'mongoose';
import { PLATFORM_ADMIN_ROLE, type Role, type UserStatus } from '#protocol/roles';
import type { Config } from '../config';

/**
 * Who is asking, as the request path needs them. The features' user record fills in the rest
 * (core/accounts/userModel.ts adds its fields to this interface), so a handler gets the whole user.
 */
export interface SignedInUser {
  _id: Types.ObjectId;
  name: string;
  role: Role;
  status: UserStatus;
  schoolId?: Types.ObjectId | null;
}

/** How the request path and the socket learn who is asking; the features give it (app.ts). */
export type Principals = {
  findUser(userId: string): Promise<SignedInUser | null>;
  isSchoolActive(schoolId: Types.ObjectId | null | undefined): Promise<boolean>;
  /** The school of this id, if it exists (the Plattformadministrator names one). */
  findSchool(schoolId: string): Promise<Types.ObjectId | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    principals: Principals;
  }
}

export function registerPrincipals(app: FastifyInstance, principals: Principals): void {
  app.decorate('principals', principals);
}

/**
 * How a session was signed in: only 'passwordAndCode', 'oidcAndCode' (a provider, then the app's code),
 * 'passkey' and 'passwordAndTrustedDevice' (a device a code made trusted, issue 44) count as a second factor (features/secondFactor).
 */
export type SignInMethod = 'password' | 'passwordAndCode' | 'passwordAndTrustedDevice' | 'passkey' | 'oidc' | 'oidcAndCode';

/** What a session holds of its sign-in. */
export type SignIn = {
  userId?: string;
  signedInAt?: number;
  /** How it was signed in (issue 43: a requirement switched on ends the sessions begun without a factor). */
  method?: SignInMethod;
  /** The person's last activity the client reported (ms, on the app's clock): the spec's idle limit (issue 43). */
  lastActivityAt?: number;
  /** Signed in through an OpenID provider: which, and its ID token, for signing out there too (features/oidc). */
  oidc?: { providerId: string; idToken: string };
};
export type SignInOutcome = { user: SignedInUser } | { refused: 'notSignedIn' | 'idle' | 'schoolInactive' };

/**
 * Whether the person has been away longer than the idle limit (SPEC §4's 2 minutes, plus grace),
 * by what the session holds of their last activity, on the app's clock; a session that holds none
 * is idle. Read from the session as loaded, so no write and no extra read on the request path.
 */
export function idleTooLong(session: SignIn, config: Pick<Config, 'sessionActivityLimitMs'>, appNow: number): boolean {
  return session.lastActivityAt === undefined || appNow - session.lastActivityAt > config.sessionActivityLimitMs;
}

/**
 * The one sign-in check, for a request and a socket alike: a session with a user, within its
 * absolute limit and its idle limit (both on the app's clock, `now`), of a user who still exists,
 * whose school is active (the Plattformadministrator belongs to none). What each then allows by the
 * user's status is theirs to say.
 */
export async function checkSignIn(
  session: SignIn | null | undefined,
  principals: Principals,
  config: Config,
  now: number,
): Promise<SignInOutcome> {
  if (!session?.userId || !session.signedInAt || now - session.signedInAt > config.sessionAbsoluteMs) return { refused: 'notSignedIn' };
  if (idleTooLong(session, config, now)) return { refused: 'idle' };
  const user = await principals.findUser(session.userId);
  if (!user) return { refused: 'notSignedIn' };
  if (user.role !== PLATFORM_ADMIN_ROLE && !(await principals.isSchoolActive(user.schoolId))) return { refused: 'schoolInactive' };
  return { user };
}
