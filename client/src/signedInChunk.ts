import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;

/** The signed-in chunk; the login pages start loading it while the login request is under way. */
export const loadSignedInApp = () =>
  import('./SignedInApp').then((module) => {
    loaded = module.default;
    return module;
  });

/**
 * The signed-in screens if their chunk has arrived. Drawn directly, they skip a lazy component's
 * first suspension, after which React holds the screen back (up to 300 ms since its fallback
 * showed) to reveal it: on the board that was a quarter of a second with nothing left to wait for.
 */
export const loadedSignedInApp = (): ComponentType | undefined => loaded;
