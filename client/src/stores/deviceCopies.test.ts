import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userOf } from '../testing/users';
import { refuseStorage } from '../testing/storage';
import { useAuthStore } from './authStore';
import { forgetCopies, keepCopy, readCopy } from './deviceCopies';
import { resetStores } from './registry';

const SICK = { name: 'sick', schema: z.object({ names: z.array(z.string()) }) };
const KARI = userOf('Tilsynsvakt');
const PER = userOf('Tilsynsvakt', { id: 'eeeeeeeeeeeeeeeeeeeeeeee', name: 'Per Hansen', email: 'per@skole.no' });

const signIn = (user: typeof KARI) => useAuthStore.setState({ phase: 'signedIn', user });

beforeEach(() => {
  localStorage.clear();
  signIn(KARI);
});
afterEach(() => useAuthStore.setState({ phase: 'checking', user: null }));

describe('the board’s lists kept on this device (off line after a reload)', () => {
  it('keeps the last list of a scope with when it was fetched, for the same user only', () => {
    const before = Date.now();
    keepCopy(SICK, '|2026-11-20', { names: ['Per'] });
    const copy = readCopy(SICK, '|2026-11-20');
    expect(copy?.data).toEqual({ names: ['Per'] });
    expect(Date.parse(copy!.fetchedAt)).toBeGreaterThanOrEqual(before - 1);

    // Another report day, or another school: not this copy.
    expect(readCopy(SICK, '|2026-11-21')).toBeNull();
    expect(readCopy(SICK, 'dddddddddddddddddddddddd|2026-11-20')).toBeNull();
    // Another user on the device never reads it, and nothing is kept without a user.
    signIn(PER);
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
    useAuthStore.setState({ phase: 'checking', user: null });
    keepCopy(SICK, '|2026-11-20', { names: ['Ola'] });
    signIn(KARI);
    expect(readCopy(SICK, '|2026-11-20')?.data).toEqual({ names: ['Per'] });
  });

  it('a copy this app can no longer read (kept by an older version) is not shown', () => {
    keepCopy({ name: 'sick', schema: z.object({ names: z.string() }) }, '|2026-11-20', { names: 'Per' });
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
    localStorage.setItem(`tilsynsvakt_copy:${KARI.id}:sick`, '{not json');
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
  });

  it('every user’s copies leave the device at sign-out and at a new sign-in (the stores are reset), and when the app finds itself signed out', () => {
    keepCopy(SICK, '|2026-11-20', { names: ['Per'] });
    signIn(PER);
    keepCopy(SICK, '|2026-11-20', { names: ['Ola'] });
    localStorage.setItem('tilsynsvakt_draft:x:2026-11-20', 'kept');
    resetStores();
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
    signIn(KARI);
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
    // Drafts of what was typed are not cached data: they stay (reportDrafts.ts).
    expect(localStorage.getItem('tilsynsvakt_draft:x:2026-11-20')).toBe('kept');

    keepCopy(SICK, '|2026-11-20', { names: ['Per'] });
    useAuthStore.setState({ phase: 'signedOut', user: null });
    signIn(KARI);
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
  });

  it('a browser that refuses storage keeps no copy, and nothing fails', () => {
    refuseStorage();
    expect(() => keepCopy(SICK, '|2026-11-20', { names: ['Per'] })).not.toThrow();
    expect(readCopy(SICK, '|2026-11-20')).toBeNull();
    expect(() => forgetCopies()).not.toThrow();
  });
});
