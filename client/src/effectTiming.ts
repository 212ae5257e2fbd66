import { options } from 'preact';

/**
 * Preact (which renders this React code, see vite.config.ts) runs effects after the next frame;
 * React runs those of a click before the next event. A key pressed at once, such as Escape right
 * after a dialog opened, would then find the dialog's listener not yet there. Effects run right
 * after their render instead, as in React.
 */
(options as { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = (callback) => queueMicrotask(callback);
