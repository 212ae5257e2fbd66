import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_HINT_META, showsSignInForm } from '#protocol/product';
import { TEXTS } from '#protocol/texts';
import { compressedPage, sendPage } from './clientPages';
import type { Config } from '../config';
import { firstReadsLink } from './clientFirstReads';
import { signedInPreloadTags } from './clientPreload';
import { errorBody } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client. Unknown /api paths get a JSON 404; every other path gets the client,
 * whose router shows its own 404 page.
 */
export async function registerClient(app: FastifyInstance, config: Config, sessionCookie: string): Promise<void> {
  const root = path.resolve(config.clientDir);
  const indexPath = path.join(root, 'index.html');
  const hasClient = existsSync(indexPath);
  const page = hasClient ? readFileSync(indexPath, 'utf8') : '';
  // The sign-in form prerendered (client/vite.prerender.ts); a build without it serves the plain page.
  const signInPath = path.join(root, 'login.html');
  const pages = {
    signedOut: compressedPage(page),
    signInForm: compressedPage(existsSync(signInPath) ? readFileSync(signInPath, 'utf8') : page),
    // With a session the signed-in screens are fetched alongside the page (clientPreload.ts).
    signedIn: compressedPage(page.replace('</head>', `${signedInPreloadTags(root)}<meta name="${SESSION_HINT_META}" content="1"></head>`)),
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[sessionCookie]) {
      // The home screen's data, asked for as the page arrives rather than after its scripts have run.
      const link = await firstReadsLink(request, config, app.clock.now());
      if (link) reply.header('link', link);
      return sendPage(request, reply, pages.signedIn);
    }
    return sendPage(request, reply, showsSignInForm(new URL(request.url, 'http://page').pathname) ? pages.signInForm : pages.signedOut);
  };

  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // The build writes .br and .gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Files under assets/ carry a hash of their content in the name: a new build has new names.
        const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        // The body depends on Accept-Encoding (a .br, a .gz or the file): caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', (request, reply) => sendIndex(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    // /metrics is a scraper's path: without METRICS_TOKEN it does not exist, and says so in JSON.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|metrics)(\/|$|\?)/.test(request.url);
    if (!hasClient || !isPage) return reply.status(404).send(errorBody(404, TEXTS.notFound));
    return sendIndex(request, reply);
  });
}
