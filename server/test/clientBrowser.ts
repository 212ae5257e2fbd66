import { Storage } from 'happy-dom';
import { vi } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/session';
import type { ApiClient } from './httpClient';

/** Answers held at the browser's edge: the server has done the work, the page has not heard yet. */
export interface HeldAnswers {
  waiting(): number;
  /** Delivers the oldest held answer. */
  releaseOne(): void;
  /** Delivers every held answer, and holds no more. */
  release(): void;
}

/**
 * The browser the client's stores run in when a server test drives them (Node has none): its
 * fetch, sent to the test server's origin with the session cookie of a signed-in client, as the
 * page's same-origin calls are; its localStorage; and whether it is on line. Off line, fetch fails
 * before it reaches the server (a TypeError, as browsers fail) and navigator.onLine is false.
 * Nothing of the server is imitated: every answer is the real server's. Undone by `close()`.
 */
export function clientBrowser(signedIn: ApiClient) {
  const serverFetch = globalThis.fetch;
  const held = new Map<string, Array<() => void>>();
  const navigator = { onLine: true, userAgent: 'Node' };

  const sent: Array<[string, string, unknown]> = [];
  let unanswered = 0;

  async function pageFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    // Another device of the test (an ApiClient, with an address of its own) is on a network of its own.
    if (/^https?:/.test(String(input))) return serverFetch(input, init);
    if (!navigator.onLine) throw new TypeError('Failed to fetch');
    sent.push([init.method ?? 'GET', String(input), typeof init.body === 'string' ? JSON.parse(init.body) : undefined]);
    const headers = new Headers(init.headers);
    if (signedIn.cookie) headers.set('cookie', `${SESSION_COOKIE}=${signedIn.cookie}`);
    unanswered += 1;
    try {
      const answer = await serverFetch(new URL(String(input), signedIn.baseUrl), { ...init, headers });
      const waiting = held.get(init.method ?? 'GET');
      if (!waiting) return answer;
      return await new Promise<Response>((deliver) => waiting.push(() => deliver(answer)));
    } finally {
      unanswered -= 1;
    }
  }

  // The api layer logs every refused call; the tests provoke refusals on purpose.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('localStorage', new Storage());
  vi.stubGlobal('navigator', navigator);
  vi.stubGlobal('fetch', pageFetch);

  return {
    /** No network: nothing the page sends reaches the server. */
    goOffline(): void {
      navigator.onLine = false;
    },
    goOnline(): void {
      navigator.onLine = true;
    },
    /** The answers to this method's calls are held from now on, until released. */
    holdAnswers(method: 'GET' | 'PUT'): HeldAnswers {
      const waiting: Array<() => void> = [];
      held.set(method, waiting);
      return {
        waiting: () => waiting.length,
        releaseOne() {
          const deliver = waiting.shift();
          if (!deliver) throw new Error('No answer is held');
          deliver();
        },
        release() {
          held.delete(method);
          for (const deliver of waiting.splice(0)) deliver();
        },
      };
    },
    /** The page's calls that reached the server, as [method, path, body] in the order sent. */
    sent(method?: string): Array<[string, string, unknown]> {
      return method ? sent.filter(([m]) => m === method) : [...sent];
    },
    /** Once every call the page made has its answer, and the page has done with it what it does. */
    async idle(): Promise<void> {
      await vi.waitFor(() => {
        if (unanswered > 0) throw new Error(`${unanswered} calls are still on their way`);
      });
      await new Promise((done) => setTimeout(done, 0));
    },
    close(): void {
      quiet.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}

export type ClientBrowser = ReturnType<typeof clientBrowser>;
