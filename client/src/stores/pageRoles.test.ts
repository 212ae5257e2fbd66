import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_CASES_PATH } from '#protocol/maintenance';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { EVACUATION_ROUTE, EVACUATIONS_PATH, ROLL_CALL_ROUTE, ROLL_CALLS_PATH, SUPERVISOR_HOME } from '#protocol/product';
import { PAGE_ROLES, pageOpensFor } from './pageRoles';

/** The routes' own paths, as ApprovedRoutes.tsx writes them. */
function routePaths(): string[] {
  const source = readFileSync(path.resolve('client/src/ApprovedRoutes.tsx'), 'utf8');
  const named: Record<string, string> = {
    SUPERVISOR_HOME,
    MIN_KONTO_PATH,
    OWN_CASES_PATH,
    ROLL_CALLS_PATH,
    ROLL_CALL_ROUTE,
    EVACUATIONS_PATH,
    EVACUATION_ROUTE,
  };
  return [...source.matchAll(/<Route\s+path=(?:"([^"]+)"|\{(\w+)\})/g)].map(([, literal, constant]) => {
    if (literal !== undefined) return literal;
    const value = named[constant!];
    if (value === undefined) throw new Error(`pageRoles.test.ts: add the route constant ${constant} to 'named'`);
    return value;
  });
}

/** Routes that only send on elsewhere, and the catch-all: no page to return to. */
const NOT_PAGES = new Set(['/login', '/register', '/plattformadministrator-login', '/superadmin', '/superadmin/schools/:schoolId', '*']);

describe('the pages a sign-in may return to (issue 44)', () => {
  it('name every page of the signed-in app, so none is left out by a new route', () => {
    const pages = routePaths().filter((path) => !NOT_PAGES.has(path));
    expect(pages.length).toBeGreaterThan(20);
    expect(PAGE_ROLES.map(([pattern]) => pattern).sort()).toEqual([...new Set(pages)].sort());
  });

  it("open for the roles the route's guard lets in", () => {
    expect(pageOpensFor('/admin/brukere', 'Admin')).toBe(true);
    expect(pageOpensFor('/admin/brukere', 'Tilsynsvakt')).toBe(false);
    expect(pageOpensFor('/rapport/65a1/rediger', 'Admin')).toBe(true);
    expect(pageOpensFor('/Rapport/65a1/', 'Vaktmester')).toBe(true);
    expect(pageOpensFor('/rapport/', 'Vaktmester')).toBe(false);
    expect(pageOpensFor('/vaktmester', 'Plattformadministrator')).toBe(true);
    expect(pageOpensFor('/ingen-side', 'Admin')).toBe(false);
  });
});
