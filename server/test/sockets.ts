import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '#protocol/events';
import { SESSION_COOKIE } from '../src/plugins/session';
import type { FixtureUser } from './fixtures';
import type { ApiClient } from './httpClient';
import { signedIn } from './sessions';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A real socket.io client with the browser's cookie and origin; resolves once connected.
 * `cookieHeader` sends a whole cookie header instead (another cookie name, as in production).
 */
export function connectSocket(baseUrl: string, cookie: string | null, origin = baseUrl, cookieHeader?: string): Promise<TestSocket> {
  const header = cookieHeader ?? (cookie ? `${SESSION_COOKIE}=${cookie}` : undefined);
  const socket: TestSocket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(header ? { cookie: header } : {}), origin },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Collects every payload of an event a socket receives. */
export function collect<E extends ServerEventName>(socket: TestSocket, event: E): unknown[] {
  const received: unknown[] = [];
  (socket.on as (e: string, fn: (p: unknown) => void) => void)(event, (payload) => received.push(payload));
  return received;
}

/** Records, in order of arrival, every one of these events a socket receives. */
export function record(socket: TestSocket, events: ServerEventName[]): Array<{ event: ServerEventName; payload: unknown }> {
  const received: Array<{ event: ServerEventName; payload: unknown }> = [];
  for (const event of events) {
    (socket.on as (e: string, fn: (p: unknown) => void) => void)(event, (payload) => received.push({ event, payload }));
  }
  return received;
}

export function waitFor(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out waiting'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

export function waitForDisconnect(socket: TestSocket, timeoutMs = 3000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket stayed connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * Makes `cause` happen and waits until the socket gets `event` from it. Events reach a socket in
 * the order the server sent them, so the socket is alive and has everything sent before: the
 * barrier for asserting that an earlier event did not come. Check the payload it returns, so that
 * it is the event `cause` made and not another of the same name.
 */
export async function nextEvent<E extends ServerEventName>(socket: TestSocket, event: E, cause: () => Promise<unknown>): Promise<unknown> {
  // The event names are typed per event; this helper takes any of them with an untyped payload.
  const untyped = socket as unknown as { once(e: string, fn: (p: unknown) => void): void; off(e: string, fn: (p: unknown) => void): void };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let arrive: (payload: unknown) => void = () => undefined;
  const arrived = new Promise<unknown>((resolve, reject) => {
    arrive = resolve;
    timer = setTimeout(() => reject(new Error(`${event} did not arrive`)), 3000);
  });
  arrived.catch(() => undefined); // Awaited below; a slow or failing cause must not leave it unhandled.
  untyped.once(event, arrive);
  try {
    await cause();
    return await arrived;
  } finally {
    clearTimeout(timer);
    untyped.off(event, arrive);
  }
}

/** The sockets one test file opens as signed-in users; close them all after each test. */
export function socketPool(baseUrl: () => string) {
  const open: Array<{ client: ApiClient; socket: TestSocket }> = [];
  return {
    async connectAs(user: FixtureUser): Promise<{ client: ApiClient; socket: TestSocket }> {
      const client = await signedIn(baseUrl(), user);
      const socket = await connectSocket(baseUrl(), client.cookie);
      open.push({ client, socket });
      return { client, socket };
    },
    /**
     * Waits until every event the server has sent the open sockets so far has arrived, to assert
     * that something did not: signs each socket's session out, which makes the server close it,
     * and the close reaches a socket after everything sent to it before. No fixed wait.
     */
    async drainAll(): Promise<void> {
      const live = open.filter(({ socket }) => socket.connected);
      await Promise.all(
        live.map(async ({ client, socket }) => {
          const closed = waitForDisconnect(socket);
          const res = await client.post('/api/auth/logout');
          if (res.status !== 200) throw new Error(`sign-out answered ${res.status}`);
          expect(await closed).toBe('io server disconnect');
        }),
      );
    },
    closeAll(): void {
      for (const { socket } of open.splice(0)) socket.close();
    },
  };
}
