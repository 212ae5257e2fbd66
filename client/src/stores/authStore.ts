import { create } from 'zustand';
import type { LoginResponse, User } from '#protocol/auth';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import type { ErrorCode } from '#protocol/errors';
import { sessionEndText, type ServerSessionEndReason, type SessionEndReason } from '#protocol/sessionEnd';
import { endSession, fetchMe, logout } from '../api/auth';
import { takeSessionEndedCookie } from './sessionEndedCookie';
import { ME_FRESH_MS, ME_RETRIES, RETRY_DELAY_MS, SIGN_OUT_TASKS_MS } from '../config';
import {
  clearLogoutPending,
  clearStoredAuth,
  isLogoutPending,
  mayHaveSession,
  markLogoutPending,
  readStoredUser,
  saveStoredAuth,
  updateStoredUser,
} from './authStorage';
import { resetStores } from './registry';
import { signInPageFor } from './returnPath';
import { forgetSignedOutNotice, noteSignedOut, noteSignedOutHere } from './signedOutNotice';
import { runSignOutTasks } from './signOutTasks';

export type AuthPhase = 'checking' | 'signedOut' | 'signedIn';

interface AuthState {
  phase: AuthPhase;
  user: User | null;
  meFetchedAt: number;
  /** After a successful login whose user may use this entrance. */
  beginSession(response: LoginResponse): void;
  /** GET /api/auth/me unless fresh (2 min); a 401 signs out. */
  refreshMe(options?: { force?: boolean }): Promise<void>;
  /** The features' sign-out tasks (a short wait), the logout call (errors swallowed), clear local data, reload on the login page; with a reason, that page says it. */
  signOut(reason?: SessionEndReason): Promise<void>;
}

// A /me answer that was asked before a login or logout must not overwrite the newer state.
let epoch = 0;
let inFlight: Promise<void> | null = null;
let signingOut = false;

/**
 * Signed out from the start where this browser certainly has no session: no request, and the
 * sign-in form the page came with (prerendered, client/vite.prerender.ts) is taken over as it is.
 * The build's prerender has no document, and no session either.
 */
function firstPhase(): AuthPhase {
  if (typeof document === 'undefined') return 'signedOut';
  return mayHaveSession() ? 'checking' : 'signedOut';
}

/** Why a refused /me says the session ended, when it says. */
function endReasonOf(me: { refused: ErrorCode | null; reason: ServerSessionEndReason | null }): SessionEndReason | null {
  if (me.refused === 'schoolInactive') return 'schoolInactive';
  if (me.refused === 'signedOutIdle') return 'idle';
  // Said by an earlier answer, which cleared the session cookie (sessionEndedCookie.ts).
  const said = takeSessionEndedCookie();
  return me.refused === 'sessionEnded' ? me.reason : said;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchMeWithRetry(): Promise<Awaited<ReturnType<typeof fetchMe>>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchMe();
    } catch (error) {
      if (attempt >= ME_RETRIES) throw error;
      await delay(RETRY_DELAY_MS);
    }
  }
}

export const useAuthStore = create<AuthState>()((set, get) => {
  function applyUser(user: User): void {
    const previous = get().user;
    if (previous && (previous.id !== user.id || previous.role !== user.role || previous.schoolId !== user.schoolId)) {
      // Cached data was fetched with the old permissions.
      resetStores();
    }
    updateStoredUser(user);
    set({ phase: 'signedIn', user, meFetchedAt: Date.now() });
  }

  async function loadMe(): Promise<void> {
    const asked = epoch;
    if (get().phase !== 'signedIn' && !mayHaveSession()) {
      set({ phase: 'signedOut', user: null });
      return;
    }
    if (get().phase === 'checking' && isLogoutPending()) {
      // The last logout never reached the server: finish it rather than resume that session.
      if (await logout()) clearLogoutPending();
      if (asked === epoch) set({ phase: 'signedOut', user: null });
      return;
    }
    try {
      const me = await fetchMeWithRetry();
      if (asked !== epoch || signingOut) return;
      if ('user' in me) {
        applyUser(me.user);
      } else if (get().phase === 'signedIn') {
        // Ended while this screen was open: the server's own reason came first if it could send one.
        await get().signOut(endReasonOf(me) ?? 'signedOutElsewhere');
      } else {
        // Opened by a reload or from the home screen after the idle limit, or after the server ended
        // the session while this device was away: the sign-in page says why (issues 27, 44).
        const reason = endReasonOf(me);
        if (reason) noteSignedOutHere(sessionEndText(reason, readStoredUser()?.role));
        clearStoredAuth();
        set({ phase: 'signedOut', user: null });
      }
    } catch {
      if (asked !== epoch || get().phase !== 'checking') return;
      // Server unreachable at start: trust the stored copy; the next /me decides.
      const stored = readStoredUser();
      set(stored ? { phase: 'signedIn', user: stored, meFetchedAt: 0 } : { phase: 'signedOut', user: null });
    }
  }

  return {
    phase: firstPhase(),
    user: null,
    meFetchedAt: 0,

    beginSession(response) {
      epoch += 1;
      takeSessionEndedCookie();
      forgetSignedOutNotice();
      clearLogoutPending();
      saveStoredAuth(response);
      resetStores();
      set({ phase: 'signedIn', user: response.user, meFetchedAt: Date.now() });
    },

    refreshMe({ force = false } = {}) {
      const { phase, meFetchedAt } = get();
      if (!force && phase === 'signedIn' && Date.now() - meFetchedAt < ME_FRESH_MS) return Promise.resolve();
      inFlight ??= loadMe().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },

    async signOut(reason) {
      // The school's own Admin is told whom to contact, not the administrator she is (issue 45).
      if (reason) noteSignedOut(sessionEndText(reason, get().user?.role));
      if (signingOut) return;
      signingOut = true;
      epoch += 1;
      const login = get().user?.role === PLATFORM_ADMIN_ROLE ? '/plattformadministrator-login' : '/login';
      // Signed out by the app or the server, not by choice: signing in again returns to this page (issue 44).
      const target = reason ? signInPageFor(login, window.location) : login;
      // While the session still is: what a feature must undo on this device for this user (stores/signOutTasks.ts).
      await runSignOutTasks(SIGN_OUT_TASKS_MS, reason);
      const ended = await endSession(reason !== undefined);
      if (!ended.confirmed) markLogoutPending();
      clearStoredAuth();
      resetStores();
      set({ phase: 'signedOut', user: null, meFetchedAt: 0 });
      // Signed in through a provider that offers it: signed out there too, and back to /login.
      window.location.assign(ended.endSessionUrl ?? target);
    },
  };
});

/** The signed-in user; only call below the guard that ensures one. */
export function useCurrentUser(): User {
  const user = useAuthStore((state) => state.user);
  if (!user) throw new Error('useCurrentUser outside a signed-in route');
  return user;
}
