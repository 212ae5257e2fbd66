/** The product's name lives here only; every route, role and storage key derived from it. */
export const PRODUCT_NAME = 'Tilsynsvakt';
export const PRODUCT_SUBTITLE = 'Tilsynsportal for internatskoler';
export const SUPERVISOR_HOME = `/${PRODUCT_NAME.toLowerCase()}`;
export const STORAGE_KEY_AUTH = `${PRODUCT_NAME.toLowerCase()}_auth`;
export const STORAGE_KEY_SESSION = `${PRODUCT_NAME.toLowerCase()}_session`;
/** Set when a logout could not reach the server: the next start signs out again instead of resuming. */
export const STORAGE_KEY_LOGOUT_PENDING = `${PRODUCT_NAME.toLowerCase()}_logout_pending`;
/**
 * Why the server ended this browser's session (a sessionEnd reason), set by the first answer that
 * finds its cookie naming a session since ended, and read once by the page (issue 27). Over HTTPS
 * it is '__Host-' prefixed, as every cookie of ours.
 */
export const SESSION_ENDED_COOKIE = `${PRODUCT_NAME.toLowerCase()}.ended`;
/** Why this tab was signed out, for the sign-in page to say once (sessionStorage). */
export const STORAGE_KEY_SIGNED_OUT_NOTICE = `${PRODUCT_NAME.toLowerCase()}_signed_out_notice`;
/**
 * A meta tag the server puts in the page when the request came with a session cookie (which the
 * page's script cannot see). Without it the first load does not ask /me: its 401 would be an error
 * in the console of every visitor's sign-in page.
 */
export const SESSION_HINT_META = `${PRODUCT_NAME.toLowerCase()}-session`;

/** The signed-out pages other than the sign-in form, which every other path shows when signed out. */
export const REGISTER_PATH = '/register';
export const PLATFORM_LOGIN_PATH = '/plattformadministrator-login';
export const STATEMENT_PATH = '/tilgjengelighet';
/** A forgotten password: asking for a link by e-mail, and setting a new one with a link (the token after '#'). */
export const FORGOT_PASSWORD_PATH = '/glemt-passord';
export const PASSWORD_RESET_PATH = '/nytt-passord';
/**
 * The safety screens (issue 47), here with the other paths and away from their schemas: the
 * sign-in pages know them (a return path) without loading the schemas and their date library.
 */
export const ROLL_CALLS_PATH = '/opptelling';
export const ROLL_CALL_ROUTE = `${ROLL_CALLS_PATH}/:id`;
export const EVACUATIONS_PATH = '/evakuering';
export const EVACUATION_ROUTE = `${EVACUATIONS_PATH}/:id`;

/**
 * Whether a signed-out visitor on this path sees the sign-in form, matched as the client's router
 * does (any case, a trailing slash): the server sends those paths the page with the form prerendered.
 */
export function showsSignInForm(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return (
    path !== REGISTER_PATH &&
    path !== PLATFORM_LOGIN_PATH &&
    path !== STATEMENT_PATH &&
    path !== FORGOT_PASSWORD_PATH &&
    path !== PASSWORD_RESET_PATH
  );
}
/**
 * The account last signed in on this device (issue 44): its e-mail, never a password, and whether
 * a passkey for it was made or used here, for the sign-in page to offer first (localStorage).
 */
export const STORAGE_KEY_LAST_ACCOUNT = `${PRODUCT_NAME.toLowerCase()}_last_account`;
