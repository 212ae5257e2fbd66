/** Set on #root in the page whose sign-in form was rendered at build (client/vite.prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
