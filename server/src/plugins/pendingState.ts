import type { FastifyRequest } from 'fastify';
import { appNow } from '../appClock';

/**
 * What a browser begins before it is signed in, kept in its session (one way for all three): an
 * OpenID flow at a provider, a passkey challenge, a sign-in waiting for its second factor. Each
 * kind holds the id of its server-side row (the row is taken atomically, so each serves once) and
 * until when it lasts, on the app's clock. Sign-in regenerates the session, so none of it outlives
 * the id it was kept under.
 */
export type PendingKind = 'oidc' | 'passkey' | 'secondFactor';
export type PendingStates = Partial<Record<PendingKind, { id: string; until: number }>>;

export type Pending = {
  /** Keeps `id` for this browser for `lifetimeMs`, in place of what this kind held. */
  keep(id: string, lifetimeMs: number): void;
  /** The id while it lasts. */
  peek(): string | null;
  /** The id while it lasts; gone from the session either way. */
  take(): string | null;
};

export function pending(request: FastifyRequest, kind: PendingKind): Pending {
  const peek = () => {
    const state = request.session.pending?.[kind];
    return state && state.until > appNow().getTime() ? state.id : null;
  };
  return {
    keep(id, lifetimeMs) {
      request.session.pending = { ...request.session.pending, [kind]: { id, until: appNow().getTime() + lifetimeMs } };
    },
    peek,
    take() {
      const id = peek();
      const { [kind]: taken, ...rest } = request.session.pending ?? {};
      if (!taken) return id;
      if (Object.keys(rest).length > 0) request.session.pending = rest;
      else delete request.session.pending;
      return id;
    },
  };
}

/** How long the longest-lasting of them still lasts (0 when none does): a visitor's session row lives at least as long. */
export function pendingLifetimeMs(states: PendingStates | undefined, now = appNow().getTime()): number {
  let longest = 0;
  for (const state of Object.values(states ?? {})) longest = Math.max(longest, state.until - now);
  return longest;
}
