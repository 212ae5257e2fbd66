import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { PRERENDERED_ATTRIBUTE } from './src/prerendered.ts';

/** The page a browser with no session gets on the sign-in form's paths (server/src/plugins/client.ts). */
export const SIGN_IN_PAGE = 'login.html';

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * After the build: the stylesheets the first screen needs go into the page itself, and a second
 * page holds the sign-in form rendered by React on the server side (src/prerender.tsx), so a phone
 * paints the form with no request but the page and no script run. React takes it over as it loads
 * (hydrateRoot in main.tsx).
 */
export function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'tilsynsvakt-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before precompress(), which compresses the pages written here.
      order: 'pre',
      sequential: true,
      async handler() {
        const indexPath = path.join(outDir, 'index.html');
        // Each stylesheet inlined, and named by a disabled link (never fetched, never applied): a lazy
        // chunk that shares the stylesheet finds it there and neither fetches it nor waits for it.
        const page = readFileSync(indexPath, 'utf8').replace(
          STYLESHEET,
          (_, file: string) =>
            `<style>${readFileSync(path.join(outDir, file), 'utf8')}</style><link rel="stylesheet" href="/${file}" disabled>`,
        );

        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
        });
        try {
          const { renderSignInPage, renderLoadingScreen } = (await server.ssrLoadModule(
            '/src/prerender.tsx',
          )) as typeof import('./src/prerender.tsx');
          // Every other page says it is loading from its first paint, instead of staying blank until its script has run.
          writeFileSync(indexPath, page.replace('<div id="root"></div>', `<div id="root">${renderLoadingScreen()}</div>`));
          const { html, title } = renderSignInPage();
          // React puts the preloads it found (the logo) first; they belong in the head.
          const [, preloads, markup] = /^((?:<link [^>]*\/>)*)([\s\S]*)$/.exec(html)!;
          const signIn = page
            .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>${preloads}`)
            .replace('<div id="root"></div>', `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup}</div>`);
          if (!signIn.includes(PRERENDERED_ATTRIBUTE)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
          writeFileSync(path.join(outDir, SIGN_IN_PAGE), signIn);
        } finally {
          await server.close();
        }
      },
    },
  };
}
