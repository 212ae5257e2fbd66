import type { FastifyRequest } from 'fastify';

/**
 * The client reports the person's activity at most once a minute (useActivityReport.ts); the
 * session keeps the last one, on the app's clock, and the idle limit counts from it
 * (plugins/principals.ts). Written at most once in this interval per session: a report sooner
 * changes nothing, so a busy or hostile client cannot make a write per request. The margin below a
 * minute takes a report that arrives a little early.
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 50_000;

/**
 * Keeps the report in the request's session: @fastify/session saves a changed session after the
 * answer (the store's save writes the row and forgets this instance's cached copy; other instances'
 * copies live at most 10 s, which the limit's grace covers).
 */
export function recordActivity(request: FastifyRequest): void {
  const now = request.server.clock.now().getTime();
  const last = request.session.lastActivityAt ?? 0;
  if (now - last >= ACTIVITY_WRITE_INTERVAL_MS || now < last) request.session.lastActivityAt = now;
}
