import type { RouteOptions } from 'fastify';

type HookName = 'preValidation' | 'preHandler';
type Hook = NonNullable<RouteOptions['preHandler']>;

/**
 * Adds a hook to one route as it is registered (from an onRoute hook), before any it declares, as
 * a global hook would run: work that only some routes need runs on those alone, not on every read.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: Hook extends Array<infer H> ? H : Hook): void {
  const existing = route[name];
  route[name] = [hook].concat(existing === undefined ? [] : existing) as never;
}
