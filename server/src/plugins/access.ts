import type { Grant } from '#protocol/policy';

/**
 * Who may call a route: anyone ('public'), any signed-in user whatever their status
 * ('anyStatus': /me and logout only), or approved users with one of the roles of a cell of the
 * policy table (protocol/policy.ts), on its scope.
 */
export type Access = 'public' | 'anyStatus' | Grant;
/** A route's request schemas (zod), as declared. */
export type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
