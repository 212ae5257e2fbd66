import mongoose from 'mongoose';
import { expect } from 'vitest';
import { errorResponseSchema } from '#protocol/errors';
import type { Role, UserStatus } from '#protocol/roles';
import { testPasswordHash } from './testPasswords';
import { UserModel } from '../src/core/accounts/userModel';
import { PASSWORD, type Fixture, type FixtureUser } from './fixtures';
import { ApiClient, type ApiResponse } from './httpClient';
import { signedIn } from './sessions';

/** Everyone who might call a route: each role and status of school A, school B's admin, the platform, nobody. */
export type CallerName = 'anonymous' | 'adminA' | 'supervisorA' | 'caretakerA' | 'pendingA' | 'deactivatedA' | 'adminB' | 'platform';

export type Callers = Record<CallerName, ApiClient>;

export async function signInCallers(baseUrl: string, fx: Fixture): Promise<Callers> {
  const as = (u: FixtureUser) => signedIn(baseUrl, u);
  return {
    anonymous: new ApiClient(baseUrl),
    adminA: await as(fx.a.admin),
    supervisorA: await as(fx.a.supervisor),
    caretakerA: await as(fx.a.caretaker),
    pendingA: await as(fx.a.pending),
    deactivatedA: await as(fx.a.deactivated),
    adminB: await as(fx.b.admin),
    platform: await as(fx.platformAdmin),
  };
}

/**
 * Calls the route as each caller and checks the status each gets. Callers are tried in the
 * order given, so put the one expected to succeed last when the call changes state.
 */
export async function expectAccess(
  callers: Callers,
  call: (client: ApiClient) => Promise<ApiResponse>,
  expected: Partial<Record<CallerName, number>>,
): Promise<void> {
  for (const [name, status] of Object.entries(expected) as Array<[CallerName, number]>) {
    const res = await call(callers[name]);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
    if (status >= 400) expect(errorResponseSchema.safeParse(res.body).success, `${name}: ${JSON.stringify(res.body)}`).toBe(true);
  }
}

/** Everyone but the allowed callers is refused: 401 for nobody, 403 for the rest. */
export function refusedExcept(allowed: Partial<Record<CallerName, number>>): Partial<Record<CallerName, number>> {
  const refused: Partial<Record<CallerName, number>> = {
    anonymous: 401,
    supervisorA: 403,
    caretakerA: 403,
    pendingA: 403,
    deactivatedA: 403,
    adminA: 403,
    adminB: 403,
    platform: 403,
  };
  for (const name of Object.keys(allowed) as CallerName[]) delete refused[name];
  return { ...refused, ...allowed };
}

/** Numbered per database, that is per test file (each has its own), so a file's first made user is 'Bruker 1'. */
const made = new Map<string, number>();
let hash: Promise<string> | undefined;

/** A fresh user to act on, so tests do not depend on each other. */
export async function makeUser(schoolId: string, role: Role, status: UserStatus = 'approved'): Promise<FixtureUser> {
  hash ??= testPasswordHash(PASSWORD);
  const counter = (made.get(mongoose.connection.name) ?? 0) + 1;
  made.set(mongoose.connection.name, counter);
  const email = `bruker${counter}.${Date.now()}@test.no`;
  const name = `Bruker ${counter}`;
  const user = await UserModel.create({ name, email, role, status, schoolId, passwordHash: await hash });
  return { id: user._id.toHexString(), email, name, role, status, schoolId };
}
