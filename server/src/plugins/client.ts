import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TEXTS } from '../../../protocol/src/texts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client. Unknown /api paths get a JSON 404; every other path gets the client,
 * whose router shows its own 404 page.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  const hasClient = existsSync(path.join(root, 'index.html'));
  // index.html must never be cached: it names the current build's hashed assets.
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });

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
    app.get('/', (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$|\?)/.test(request.url);
    if (!hasClient || !isPage) return reply.status(404).send({ message: TEXTS.notFound });
    return sendIndex(reply);
  });
}
