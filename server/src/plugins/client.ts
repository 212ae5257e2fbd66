import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TEXTS } from '../../../protocol/src/texts';

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
    await app.register(fastifyStatic, { root, index: false });
    app.get('/', (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$|\?)/.test(request.url);
    if (!hasClient || !isPage) return reply.status(404).send({ message: TEXTS.notFound });
    return sendIndex(reply);
  });
}
