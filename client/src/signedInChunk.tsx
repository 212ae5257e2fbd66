import { preloadable } from './ui/preloadable';

/**
 * The signed-in screens, a chunk of their own; the login pages start loading it while the login
 * request is under way, and main.tsx at start when a session may be resumed.
 */
const signedIn = preloadable(() => import('./SignedInApp').then((module) => module.default));
export const SignedInScreens = signedIn.Component;
export const loadSignedInApp = signedIn.load;
