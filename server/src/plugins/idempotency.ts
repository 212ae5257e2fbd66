import { createHash } from 'node:crypto';
import { addRouteHook } from './routeHooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Types } from 'mongoose';
import { badRequest } from '../httpError';

/**
 * Idempotent creates: a client sends `Idempotency-Key` with a request that makes something (a
 * case sent to the caretaker, a task); the same key again, at once or later, gets what the first
 * made instead of making it twice. A double tap, a retry after a lost answer, or a request
 * replayed by a flaky network all act once. Keys are per user, route and school.
 *
 * The key names the new document: its `_id` is derived from the key, so the insert itself is the
 * reservation (the store's unique `_id` lets one of two at once through) and a repeat finds what
 * was made. One write on the live path instead of a reservation before it and the answer after
 * (docs/performance.md).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key and stores what it makes under `idempotentDocumentId`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', undefined);

  // After access and validation, on the routes that take a key: the key belongs to the signed-in user and a valid request.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    addRouteHook(route, 'preHandler', async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest('Ugyldig Idempotency-Key');
      request.idempotencyKey = `${request.currentUser?._id.toHexString() ?? 'anon'}:${request.method} ${request.routeOptions.url}:${header}`;
    });
  });
}

/**
 * The `_id` of the document a keyed request makes in a school: the same user, route, key and
 * school always give the same id, different ones (as far as SHA-256 tells them apart) another.
 * Undefined when the request has no key: the document gets a new id.
 */
export function idempotentDocumentId(request: FastifyRequest, schoolId: Types.ObjectId): Types.ObjectId | undefined {
  const key = request.idempotencyKey;
  if (!key) return undefined;
  return new Types.ObjectId(createHash('sha256').update(`${schoolId.toHexString()}:${key}`).digest().subarray(0, 12));
}
