import { io, type Socket } from 'socket.io-client';
import {
  eventOriginSchema,
  serverEventSchemas,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type User,
} from '#protocol';
import { useAuthStore } from '../stores/authStore';
import { refetchLoadedStores } from '../stores/registry';
import { deliverEvent, registerEventHandlers } from './eventHandlers';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// The server's database was away and is back: every loaded store fetches again, as on a reconnect.
registerEventHandlers({ 'connections.restored': () => refetchLoadedStores() });

const RECONNECT_AFTER_REFUSAL_MS = 5000;

let socket: AppSocket | null = null;
let wanted = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Pending users connect too: the server puts them in their own room only, to hear their approval. */
export function mayConnect(user: User | null): boolean {
  return !!user && user.status !== 'deactivated';
}

function bind<E extends ServerEventName>(target: AppSocket, name: E): void {
  const schema = serverEventSchemas[name];
  const listener = (payload: unknown, origin: unknown) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return console.warn(`Ignored malformed event ${name}`, parsed.error.issues);
    const by = eventOriginSchema.safeParse(origin);
    deliverEvent(name, parsed.data as ServerEventPayload<E>, by.success ? by.data : { requestId: null });
  };
  (target as unknown as { on(event: string, fn: (payload: unknown, origin: unknown) => void): void }).on(name, listener);
}

function reconnectIfStillSignedIn(target: AppSocket, delayMs: number): void {
  const { phase, user } = useAuthStore.getState();
  if (!wanted || phase !== 'signedIn' || !mayConnect(user)) return;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (wanted && !target.active) target.connect();
  }, delayMs);
}

// The server ends a user's connections on logout, deactivation, deletion, role change or transfer:
// ask /me (a 401 signs out, a new role re-routes) before connecting again.
async function recheckSession(target: AppSocket, delayMs: number): Promise<void> {
  await useAuthStore.getState().refreshMe({ force: true });
  reconnectIfStillSignedIn(target, delayMs);
}

function create(): AppSocket {
  // WebSocket only: its handshake always carries Origin (the server checks it, and same-origin
  // polling GETs do not send one), and it needs no sticky sessions behind a load balancer.
  const created: AppSocket = io({ withCredentials: true, autoConnect: false, transports: ['websocket'] });
  created.on('connect', () => refetchLoadedStores());
  created.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') void recheckSession(created, 0);
  });
  created.on('connect_error', () => {
    // An active socket retries by itself; an inactive one was refused by the handshake.
    if (!created.active) void recheckSession(created, RECONNECT_AFTER_REFUSAL_MS);
  });
  // Every event of the protocol; each reaches the features registered for it when it arrives.
  for (const name of Object.keys(serverEventSchemas) as ServerEventName[]) bind(created, name);
  return created;
}

/** Connects the one socket (created once); call while signed in. */
export function startRealtime(): void {
  wanted = true;
  socket ??= create();
  if (!socket.active) socket.connect();
}

export function stopRealtime(): void {
  wanted = false;
  clearTimeout(retryTimer);
  socket?.disconnect();
}
