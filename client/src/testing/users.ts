import type { Role, User } from '#protocol';

/** A signed-in user of a role, as /me answers it. */
export function userOf(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    name: 'Kari Nordmann',
    email: 'kari@skole.no',
    role,
    status: 'approved',
    schoolId: 'dddddddddddddddddddddddd',
    schoolName: 'Fjellheim skole',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
