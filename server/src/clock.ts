/**
 * Where the server reads the time. Production always uses the system clock: a different clock
 * can only be handed to buildApp() in code (the tests do), never through configuration. What is
 * stored follows the same clock (createdAt/updatedAt, the audit trail): appClock.ts.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
