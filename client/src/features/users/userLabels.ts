import { ADMIN_ROLE_CHANGES, type Role, type User, type UserStatus } from '#protocol';

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

/** 'Gjør til Admin', 'Gjør til Tilsynsvakt': the same words as on the platform pages (issue 45). */
export function roleChangeLabel(to: Role): string {
  return `Gjør til ${to}`;
}

/** The role changes an Admin may make to this user (spec §2.5): none for pending or deactivated users. */
export function adminRoleTargets(user: User): readonly Role[] {
  return user.status === 'approved' ? (ADMIN_ROLE_CHANGES[user.role] ?? []) : [];
}
