import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, requestIdSchema, type EventOrigin } from '#protocol/origin';
import { NO_ORIGIN, type Realtime } from './realtime';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app's live events, marked as this request's (eventOrigin.ts): what a handler emits with. */
    realtime: Realtime;
  }
}

/** Who caused the events a request emits: the request id the client sent (X-Request-Id), if valid. */
function originOf(request: FastifyRequest): EventOrigin {
  const parsed = requestIdSchema.safeParse(request.headers[REQUEST_ID_HEADER]);
  return parsed.success ? { requestId: parsed.data } : NO_ORIGIN;
}

/**
 * Marks every event a request causes with the request id the client sent, so the window that
 * wrote knows its own events, whether they come before or after the answer. The handler passes
 * `request.realtime` to what it calls, which emits with it: the origin travels with the call,
 * not in async context (AsyncLocalStorage put a hook on every promise of every request).
 */
export function registerEventOrigin(app: FastifyInstance): void {
  app.decorateRequest('realtime', {
    getter(this: FastifyRequest) {
      return this.server.realtime.from(originOf(this));
    },
  });
}
