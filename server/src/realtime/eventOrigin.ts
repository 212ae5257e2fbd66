import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, requestIdSchema, type EventOrigin } from '#protocol/origin';

const current = new AsyncLocalStorage<EventOrigin>();
const NO_ORIGIN: EventOrigin = { requestId: null };

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
  app.addHook('preValidation', (request, _reply, done) => {
    const header = request.headers[REQUEST_ID_HEADER];
    const parsed = requestIdSchema.safeParse(header);
    current.run({ requestId: parsed.success ? parsed.data : null }, done);
  });
}
