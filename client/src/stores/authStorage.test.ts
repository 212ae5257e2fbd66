import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_HINT_META, STORAGE_KEY_AUTH, STORAGE_KEY_LOGOUT_PENDING, STORAGE_KEY_SESSION } from '#protocol';
import { refuseStorage } from '../testing/storage';
import { userOf } from '../testing/users';
import {
  clearLogoutPending,
  clearStoredAuth,
  isLogoutPending,
  markLogoutPending,
  mayHaveSession,
  readStoredUser,
  saveStoredAuth,
  updateStoredUser,
} from './authStorage';

const kari = userOf('Tilsynsvakt');

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
});

describe('the signed-in user kept in this browser', () => {
  it('is stored at sign-in only when the server says the browser is compatible', () => {
    saveStoredAuth({ user: kari, sessionId: 's-1', browserCompatible: false });
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY_SESSION)).toBeNull();

    saveStoredAuth({ user: kari, sessionId: 's-1', browserCompatible: true });
    expect(readStoredUser()).toEqual(kari);
    expect(localStorage.getItem(STORAGE_KEY_SESSION)).toBe('s-1');
  });

  it('follows /me only when a copy is kept, and is cleared at sign-out', () => {
    updateStoredUser(kari);
    expect(readStoredUser()).toBeNull();

    saveStoredAuth({ user: kari, sessionId: 's-1', browserCompatible: true });
    updateStoredUser({ ...kari, name: 'Kari Hansen' });
    expect(readStoredUser()?.name).toBe('Kari Hansen');

    clearStoredAuth();
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY_SESSION)).toBeNull();
  });

  it('a damaged or outdated copy counts as none', () => {
    localStorage.setItem(STORAGE_KEY_AUTH, '{broken');
    expect(readStoredUser()).toBeNull();

    localStorage.setItem(STORAGE_KEY_AUTH, JSON.stringify({ user: { ...kari, role: 'Rektor' } }));
    expect(readStoredUser()).toBeNull();
  });

  it('a browser that refuses storage still signs in (nothing throws)', () => {
    refuseStorage();

    expect(() => saveStoredAuth({ user: kari, sessionId: 's-1', browserCompatible: true })).not.toThrow();
    expect(() => clearStoredAuth()).not.toThrow();
    expect(() => markLogoutPending()).not.toThrow();
    expect(readStoredUser()).toBeNull();
    expect(isLogoutPending()).toBe(false);
    // Cannot tell: /me is asked.
    expect(mayHaveSession()).toBe(true);
  });
});

describe('whether the first page load asks /me (mayHaveSession)', () => {
  it('no cookie hint and no trace in this browser: certainly signed out', () => {
    expect(mayHaveSession()).toBe(false);
  });

  it('the server saw a session cookie (meta tag in the page)', () => {
    const meta = document.createElement('meta');
    meta.name = SESSION_HINT_META;
    document.head.append(meta);

    expect(mayHaveSession()).toBe(true);
  });

  it('a stored user, or a logout the server never confirmed', () => {
    saveStoredAuth({ user: kari, sessionId: 's-1', browserCompatible: true });
    expect(mayHaveSession()).toBe(true);

    clearStoredAuth();
    markLogoutPending();
    expect(localStorage.getItem(STORAGE_KEY_LOGOUT_PENDING)).toBe('1');
    expect(isLogoutPending()).toBe(true);
    expect(mayHaveSession()).toBe(true);

    clearLogoutPending();
    expect(isLogoutPending()).toBe(false);
    expect(mayHaveSession()).toBe(false);
  });
});
