import { ADMIN_ROLE_CHANGES, SUPERVISOR_ROLE, type Role, type User, type UserStatus } from '#protocol';

/** Status as the admin screen shows it (spec §3: approved 'Aktiv', pending 'Ventende'). */
export const ADMIN_STATUS_LABEL: Record<UserStatus, string> = {
  approved: 'Aktiv',
  pending: 'Ventende',
  deactivated: 'Deaktivert',
};

/** Status as the platform pages show it (spec §2.7: Aktiv, Venter, Deaktivert). */
export const PLATFORM_STATUS_LABEL: Record<UserStatus, string> = {
  approved: 'Aktiv',
  pending: 'Venter',
  deactivated: 'Deaktivert',
};

export const STATUS_PILL: Record<UserStatus, string> = {
  approved: 'pill pill-success',
  pending: 'pill pill-warning',
  deactivated: 'pill pill-danger',
};

/** 'Oppgrader til Admin' or 'Nedgrader til Tilsynsvakt': up from the supervisor, down to it. */
export function roleChangeLabel(from: Role, to: Role): string {
  return from === SUPERVISOR_ROLE ? `Oppgrader til ${to}` : `Nedgrader til ${to}`;
}

/** The role changes an Admin may make to this user (spec §2.5): none for pending or deactivated users. */
export function adminRoleTargets(user: User): readonly Role[] {
  return user.status === 'approved' ? (ADMIN_ROLE_CHANGES[user.role] ?? []) : [];
}
