import { OWN_CASES_PATH } from '#protocol/maintenance';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { POLICY } from '#protocol/policy';
import { EVACUATION_ROUTE, EVACUATIONS_PATH, ROLL_CALL_ROUTE, ROLL_CALLS_PATH, SUPERVISOR_HOME } from '#protocol/product';
import { CARETAKER_ROLE, PLATFORM_ADMIN_ROLE, ROLES, SCHOOL_ADMIN_ROLES, type Role } from '#protocol/roles';

const EVERYONE: readonly Role[] = ROLES;
const CARETAKER_PAGE_ROLES: readonly Role[] = [CARETAKER_ROLE, PLATFORM_ADMIN_ROLE];

/**
 * Each page of the signed-in app (ApprovedRoutes.tsx) with the roles it opens for, as its route
 * guards it: what a sign-in may return to (returnPath.ts). Kept in step with the routes by
 * pageRoles.test.ts; a page missing here sends the person to their role's home instead.
 */
export const PAGE_ROLES: ReadonlyArray<readonly [pattern: string, roles: readonly Role[]]> = [
  ['/', EVERYONE],
  ['/admin', SCHOOL_ADMIN_ROLES],
  ['/admin/meny', SCHOOL_ADMIN_ROLES],
  [SUPERVISOR_HOME, EVERYONE],
  ['/rapporter', EVERYONE],
  ['/rapport/:id', EVERYONE],
  ['/rapport/:id/rediger', POLICY.reports.change.roles],
  ['/admin/gjoremaal', POLICY.taskButtons.change.roles],
  ['/vaktmester', CARETAKER_PAGE_ROLES],
  ['/admin/brukere', POLICY.users.see.roles],
  ['/admin/klasser', POLICY.classes.see.roles],
  ['/admin/syke-og-bortreist', POLICY.sickList.change.roles],
  ['/admin/reiser', POLICY.trips.see.roles],
  ['/admin/ukesrapport', POLICY.reportArchive.see.roles],
  ['/admin/aarsrapport', POLICY.reportArchive.see.roles],
  ['/admin/gaarsdagens-rapport', POLICY.reportArchive.see.roles],
  ['/admin/logg', POLICY.audit.see.roles],
  ['/admin/elevopplysninger', POLICY.students.see.roles],
  ['/admin/elever', POLICY.registerDetails.see.roles],
  [ROLL_CALLS_PATH, POLICY.rollCalls.see.roles],
  [ROLL_CALL_ROUTE, POLICY.rollCalls.see.roles],
  [EVACUATIONS_PATH, POLICY.evacuation.see.roles],
  [EVACUATION_ROUTE, POLICY.evacuation.see.roles],
  ['/admin/vedlikehold', SCHOOL_ADMIN_ROLES],
  ['/arkiv', POLICY.maintenance.see.roles],
  [OWN_CASES_PATH, POLICY.ownCases.see.roles],
  ['/plattformadministrator', POLICY.platform.see.roles],
  ['/plattformadministrator/schools/:schoolId', POLICY.platform.see.roles],
  ['/change-password', EVERYONE],
  [MIN_KONTO_PATH, EVERYONE],
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]!.toLowerCase()));
}

/** Whether this role may open the page at this path (a path the app has no page for: no). */
export function pageOpensFor(pathname: string, role: Role): boolean {
  const page = PAGE_ROLES.find(([pattern]) => matches(pattern, pathname));
  return page !== undefined && page[1].includes(role);
}
