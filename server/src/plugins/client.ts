import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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
  if (hasClient) {
    await app.register(fastifyStatic, { root, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasClient) {
      return reply.status(404).send({ message: TEXTS.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: TEXTS.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
