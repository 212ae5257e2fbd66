import { PLATFORM_LOGIN_PATH, REGISTER_PATH, STATEMENT_PATH } from '#protocol/product';
import { landingPath, type Role } from '#protocol/roles';
import { pageOpensFor } from './pageRoles';

/** The sign-in page's query parameter naming the page to return to after signing in (issue 44). */
export const RETURN_PARAM = 'tilbake';

/** Pages that are no destination after signing in: the sign-in pages themselves and the start. */
const NOT_A_DESTINATION = new Set(['/', '/login', PLATFORM_LOGIN_PATH, REGISTER_PATH, STATEMENT_PATH]);

/** The longest address kept: a page of the app is far shorter; anything longer is no page of it. */
const MAX_LENGTH = 512;

/**
 * The sign-in page for an automatic sign-out (idle, a session ended by the server), carrying the
 * page the person was on, so signing in again lands there.
 */
export function signInPageFor(login: string, here: { pathname: string; search: string }): string {
  if (NOT_A_DESTINATION.has(here.pathname)) return login;
  return `${login}?${RETURN_PARAM}=${encodeURIComponent(`${here.pathname}${here.search}`)}`;
}

/**
 * Where an approved account goes after signing in: the page it asked for (the address the sign-in
 * form stood in for, or the one `tilbake` names) when that is a page of this app this role may
 * open, else the role's home. Only a path of this origin is ever taken: never another site's
 * address ('//evil', 'https://…', '/\\evil'), so the parameter is no open redirect.
 */
export function destinationAfterSignIn(here: { pathname: string; search: string }, role: Role, origin: string): string {
  const home = landingPath(role);
  const asked = NOT_A_DESTINATION.has(here.pathname)
    ? new URLSearchParams(here.search).get(RETURN_PARAM)
    : `${here.pathname}${here.search}`;
  if (!asked || asked.length > MAX_LENGTH || !asked.startsWith('/') || asked.startsWith('//') || /[\\\s]/.test(asked)) return home;
  let url: URL;
  try {
    url = new URL(asked, origin);
  } catch {
    return home;
  }
  if (url.origin !== origin || NOT_A_DESTINATION.has(url.pathname) || !pageOpensFor(url.pathname, role)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}
