import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { addRouteHook } from '../plugins/routeHooks';
import { REQUEST_ID_HEADER, requestIdSchema, type EventOrigin } from '#protocol/origin';

const current = new AsyncLocalStorage<EventOrigin>();
const NO_ORIGIN: EventOrigin = { requestId: null };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who caused the events emitted now: the request being handled, or nobody. */
export function eventOrigin(): EventOrigin {
  return current.getStore() ?? NO_ORIGIN;
}

/**
 * Marks every event a request causes with the request id the client sent (X-Request-Id), so the
 * window that wrote knows its own events, whether they come before or after the answer. Set after
 * the body is read (preValidation): the handler and everything it awaits run inside it.
 */
export function registerEventOrigin(app: FastifyInstance): void {
  // Only writes cause events (and only writes carry the header): a read runs outside any origin.
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    addRouteHook(route, 'preValidation', (request, _reply, done) => {
      const parsed = requestIdSchema.safeParse(request.headers[REQUEST_ID_HEADER]);
      current.run({ requestId: parsed.success ? parsed.data : null }, done);
    });
  });
}
