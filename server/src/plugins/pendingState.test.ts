import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/testClock';
import { installAppClock } from '../appClock';
import { pending, pendingLifetimeMs } from './pendingState';

const START = new Date('2026-03-10T12:00:00Z');
const clock = new TestClock(START);
let release: () => void;
beforeEach(() => {
  clock.set(START);
  release = installAppClock(clock);
});
afterEach(() => release());

/** A request with a session as @fastify/session gives it: a plain object of its data. */
const requestWith = (session: Record<string, unknown> = {}) => ({ session }) as unknown as FastifyRequest;

describe('what a browser began before signing in, kept in its session', () => {
  it('is taken once, and is gone from the session; the other kinds stay', () => {
    const request = requestWith();
    pending(request, 'passkey').keep('challenge-1', 5 * 60_000);
    pending(request, 'secondFactor').keep('half-done-1', 5 * 60_000);
    expect(pending(request, 'passkey').peek()).toBe('challenge-1');
    expect(pending(request, 'passkey').take()).toBe('challenge-1');
    expect(pending(request, 'passkey').take()).toBeNull();
    expect(request.session.pending).toEqual({ secondFactor: { id: 'half-done-1', until: START.getTime() + 5 * 60_000 } });
    expect(pending(request, 'secondFactor').take()).toBe('half-done-1');
    // Nothing left: nothing of it is stored.
    expect(request.session).toEqual({});
  });

  it('lasts its lifetime on the app’s clock: after that it is refused, and taken away all the same', () => {
    const request = requestWith();
    pending(request, 'oidc').keep('flow-1', 10 * 60_000);
    clock.set(new Date(START.getTime() + 10 * 60_000 - 1));
    expect(pending(request, 'oidc').peek()).toBe('flow-1');
    clock.set(new Date(START.getTime() + 10 * 60_000));
    expect(pending(request, 'oidc').peek()).toBeNull();
    expect(pending(request, 'oidc').take()).toBeNull();
    expect(request.session.pending).toBeUndefined();
  });

  it('a new one of a kind replaces the old; the session lasts as long as the longest', () => {
    const request = requestWith();
    pending(request, 'oidc').keep('flow-1', 10 * 60_000);
    pending(request, 'oidc').keep('flow-2', 30 * 60_000);
    pending(request, 'passkey').keep('challenge-1', 5 * 60_000);
    expect(pending(request, 'oidc').peek()).toBe('flow-2');
    expect(pendingLifetimeMs(request.session.pending)).toBe(30 * 60_000);
    clock.set(new Date(START.getTime() + 31 * 60_000));
    expect(pendingLifetimeMs(request.session.pending)).toBe(0);
    expect(pendingLifetimeMs(undefined)).toBe(0);
  });
});
