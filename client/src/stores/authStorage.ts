import { userSchema, type LoginResponse, type User } from '#protocol/auth';
import { SESSION_HINT_META, STORAGE_KEY_AUTH, STORAGE_KEY_LOGOUT_PENDING, STORAGE_KEY_SESSION } from '#protocol/product';
import { z } from 'zod';

const storedAuthSchema = z.object({ user: userSchema });

// localStorage can throw (Safari private mode, storage disabled); auth must still work from the cookie.
function safely(action: () => void): void {
  try {
    action();
  } catch {
    // ignore
  }
}

/** Stores the user and session id, only when the server says the browser is compatible (spec §4). */
export function saveStoredAuth(response: LoginResponse): void {
  if (!response.browserCompatible) return;
  safely(() => {
    localStorage.setItem(STORAGE_KEY_AUTH, JSON.stringify({ user: response.user }));
    localStorage.setItem(STORAGE_KEY_SESSION, response.sessionId);
  });
}

/** Keeps a stored copy in step with /me, if one exists. */
export function updateStoredUser(user: User): void {
  safely(() => {
    if (localStorage.getItem(STORAGE_KEY_AUTH) !== null) {
      localStorage.setItem(STORAGE_KEY_AUTH, JSON.stringify({ user }));
    }
  });
}

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY_AUTH);
    if (!raw) return null;
    const parsed = storedAuthSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.user : null;
  } catch {
    return null;
  }
}

export function clearStoredAuth(): void {
  safely(() => {
    localStorage.removeItem(STORAGE_KEY_AUTH);
    localStorage.removeItem(STORAGE_KEY_SESSION);
  });
}

/**
 * False only when there is certainly no session to resume: the page came without a session
 * cookie (the server says so in it) and this browser keeps no trace of one.
 */
export function mayHaveSession(): boolean {
  if (document.querySelector(`meta[name="${SESSION_HINT_META}"]`)) return true;
  try {
    return [STORAGE_KEY_AUTH, STORAGE_KEY_LOGOUT_PENDING].some((key) => localStorage.getItem(key) !== null);
  } catch {
    return true;
  }
}

/** A logout the server never confirmed: the HttpOnly cookie may still be alive. */
export function markLogoutPending(): void {
  safely(() => localStorage.setItem(STORAGE_KEY_LOGOUT_PENDING, '1'));
}

export function isLogoutPending(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY_LOGOUT_PENDING) === '1';
  } catch {
    return false;
  }
}

export function clearLogoutPending(): void {
  safely(() => localStorage.removeItem(STORAGE_KEY_LOGOUT_PENDING));
}
