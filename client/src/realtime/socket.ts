import { io, type Socket } from 'socket.io-client';
import {
  serverEventSchemas,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type User,
} from '../../../protocol/src';
import { useAuthStore } from '../stores/authStore';
import { refetchLoadedStores } from '../stores/registry';
import { reportDeleted, reportSaved, sickListUpdated, taskButtonsUpdated, taskRoundsUpdated } from '../stores/boardEvents';
import { classCreated, useClassesStore } from '../stores/classesStore';
import { taskCreated, taskDeleted, taskUpdated } from '../stores/maintenanceStore';
import { schoolDeleted, usePlatformSchoolsStore, usePlatformUsersStore } from '../stores/platformStore';
import { tripDeleted, tripSaved } from '../stores/tripsStore';
import { useUsersStore } from '../stores/usersStore';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handlers = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

function userChanged(user: User): void {
  useUsersStore.getState().put(user);
  usePlatformUsersStore.getState().put(user);
  if (user.id === useAuthStore.getState().user?.id) void ownAccountChanged();
}

/** Listeners only call store actions; the server is the source of truth. */
const handlers: Handlers = {
  'users.registered': userChanged,
  'users.created': userChanged,
  'users.updated': userChanged,
  'users.deleted': ({ id }) => {
    useUsersStore.getState().remove(id);
    usePlatformUsersStore.getState().remove(id);
    // My own account is gone: /me answers 401 and that signs me out.
    if (id === useAuthStore.getState().user?.id) void ownAccountChanged();
  },
  'classes.created': classCreated,
  'classes.deleted': ({ id }) => useClassesStore.getState().remove(id),
  'schools.created': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.updated': (school) => usePlatformSchoolsStore.getState().put(school),
  'schools.deleted': ({ id }) => schoolDeleted(id),
  'reports.saved': reportSaved,
  'reports.deleted': reportDeleted,
  'taskRounds.updated': taskRoundsUpdated,
  'taskButtons.updated': taskButtonsUpdated,
  'sickLists.updated': sickListUpdated,
  'trips.saved': tripSaved,
  'trips.deleted': tripDeleted,
  'maintenanceTasks.created': (task) => taskCreated(task),
  'maintenanceTasks.updated': (task) => taskUpdated(task),
  'maintenanceTasks.deleted': ({ id }) => taskDeleted(id),
  'connections.restored': () => refetchLoadedStores(),
};

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
  const handler = handlers[name];
  const listener = (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) handler(parsed.data as ServerEventPayload<E>);
    else console.warn(`Ignored malformed event ${name}`, parsed.error.issues);
  };
  (target as unknown as { on(event: string, fn: (payload: unknown) => void): void }).on(name, listener);
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

// A change to my own account (approval, new role, deletion): /me is the authority; SessionRuntime then
// reconnects, because the server picks a socket's rooms at the handshake.
async function ownAccountChanged(): Promise<void> {
  await useAuthStore.getState().refreshMe({ force: true });
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
  for (const name of Object.keys(handlers) as ServerEventName[]) bind(created, name);
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
