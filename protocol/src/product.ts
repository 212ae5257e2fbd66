/** The product's name lives here only; every route, role and storage key derived from it. */
export const PRODUCT_NAME = 'Tilsynsvakt';
export const PRODUCT_SUBTITLE = 'Tilsynsportal for internatskoler';
export const SUPERVISOR_HOME = `/${PRODUCT_NAME.toLowerCase()}`;
export const STORAGE_KEY_AUTH = `${PRODUCT_NAME.toLowerCase()}_auth`;
export const STORAGE_KEY_SESSION = `${PRODUCT_NAME.toLowerCase()}_session`;
/** Set when a logout could not reach the server: the next start signs out again instead of resuming. */
export const STORAGE_KEY_LOGOUT_PENDING = `${PRODUCT_NAME.toLowerCase()}_logout_pending`;
/**
 * A meta tag the server puts in the page when the request came with a session cookie (which the
 * page's script cannot see). Without it the first load does not ask /me: its 401 would be an error
 * in the console of every visitor's sign-in page.
 */
export const SESSION_HINT_META = `${PRODUCT_NAME.toLowerCase()}-session`;
