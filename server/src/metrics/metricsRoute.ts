import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';
import { unauthorized } from '../httpError';
import type { AppMetrics } from './appMetrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

type CommandEvent = { commandName: string; duration: number };

/**
 * Counts every answer by its route template, and the database's round trips; serves /metrics to a
 * scraper with the token (compared in constant time). Only with METRICS_TOKEN (app.ts).
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  // The driver tells each command's time when the connection was made with monitorCommands (db/connect.ts).
  const client = mongoose.connection.getClient();
  const succeeded = (event: CommandEvent) => metrics.commandDone(event.commandName, 'ok', event.duration / 1000);
  const failed = (event: CommandEvent) => metrics.commandDone(event.commandName, 'failed', event.duration / 1000);
  client.on('commandSucceeded', succeeded);
  client.on('commandFailed', failed);
  app.addHook('onClose', async () => {
    client.off('commandSucceeded', succeeded);
    client.off('commandFailed', failed);
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw unauthorized('Mangler gyldig token for målinger');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
