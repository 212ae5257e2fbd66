import { errorCodeForStatus, type ErrorCode } from '#protocol';
import { vi } from 'vitest';

/** One request the client sent, as the fake network saw it. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. '/api/reports/my?date=2026-11-20'. */
  url: string;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

export type Reply = Response | Promise<Response>;

/** A JSON answer, as the server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The server's refusal: `{ message, code }` with a status, as its error handler sends it; with
 * editConflict also `current`, the object as the server has it now.
 */
export function refusal(status: number, message: string, code: ErrorCode = errorCodeForStatus(status), current?: unknown): Response {
  return json(current === undefined ? { message, code } : { message, code, current }, status);
}

/** What fetch does when the network is down (a rejected promise, no response at all). */
export function networkDown(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/**
 * Replaces the browser's fetch (the HTTP boundary, and nothing behind it) with a handler. The
 * client's api modules, schemas and stores run as they are. The api layer logs failed calls with
 * console.error; that log is silenced here, since the tests provoke failures on purpose.
 */
export function stubFetch(handler: (request: SentRequest) => Reply): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      return handler(request);
    }),
  );
  return sent;
}

/** A promise to settle by hand: an answer that is still on its way. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every promise chain that is already settled run to its end (no timers involved). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** A store's fetch (an api module's call) that answers, call by call, when the test says so. */
export function deferredFetch<T>() {
  const answers: Array<ReturnType<typeof deferred<T>>> = [];
  const fetch = vi.fn((_scope: string) => {
    const answer = deferred<T>();
    answers.push(answer);
    return answer.promise;
  });
  return { fetch, answers };
}
