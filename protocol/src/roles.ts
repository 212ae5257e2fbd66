import { z } from 'zod';
import { PRODUCT_NAME, SUPERVISOR_HOME } from './product';

export const ROLES = ['Admin', PRODUCT_NAME, 'Vaktmester', 'Plattformadministrator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const SUPERVISOR_ROLE = PRODUCT_NAME as Role;
export const ADMIN_ROLE: Role = 'Admin';
export const CARETAKER_ROLE: Role = 'Vaktmester';
export const PLATFORM_ADMIN_ROLE: Role = 'Plattformadministrator';

export const USER_STATUSES = ['pending', 'approved', 'deactivated'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Roles that administer a school (the admin screens). */
export const SCHOOL_ADMIN_ROLES: readonly Role[] = [ADMIN_ROLE, PLATFORM_ADMIN_ROLE];

/** Where a role lands after sign-in (spec §2.3). */
export function landingPath(role: Role | null | undefined): string {
  if (!role) return '/';
  if (role === ADMIN_ROLE) return '/admin';
  if (role === CARETAKER_ROLE) return '/vaktmester';
  if (role === PLATFORM_ADMIN_ROLE) return '/plattformadministrator';
  return SUPERVISOR_HOME;
}

/** The back link of /change-password (spec §2.8). */
export function homePath(role: Role): string {
  return landingPath(role);
}
