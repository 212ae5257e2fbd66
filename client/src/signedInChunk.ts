/** The signed-in chunk; the login pages start loading it while the login request is under way. */
export const loadSignedInApp = () => import('./SignedInApp');
