import { create } from 'zustand';
import { PRODUCT_NAME } from '#protocol/product';
import { notReached } from '../api/http';
import { registerStore } from './registry';

/**
 * What was done off line and waits on this device to be sent (issue 27): round ticks, report
 * saves and cases, kept in localStorage per user (a reload or a closed app loses nothing), shown
 * where they were made as 'Venter på nett', and sent in the order they were made once the server
 * can be reached. Each kind's sender (registered by its feature) sends one entry and says how it
 * went; a refusal is the sender's to tell the person, with what they wrote kept.
 */
export interface OutboxEntry<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  madeAt: string;
}

/** How sending one entry went: sent (or refused, and told): it leaves the outbox; unreached: it stays, and so do those after it. */
export type SendResult = 'done' | 'unreached';

/** A send that failed: not reached, it waits; refused, the person is told (`told`) and it leaves the outbox. */
export function afterFailedSend(error: unknown, told: (error: unknown) => void): SendResult {
  if (notReached(error)) return 'unreached';
  told(error);
  return 'done';
}
type Sender = (payload: never, entry: OutboxEntry) => Promise<SendResult>;

const PREFIX = `${PRODUCT_NAME.toLowerCase()}_outbox:`;
const senders = new Map<string, Sender>();

interface OutboxState {
  userId: string | null;
  entries: OutboxEntry[];
  sending: boolean;
}

export const useOutbox = create<OutboxState>()(() => ({ userId: null, entries: [], sending: false }));

/** A sender gets the entry too: `madeAt` is when it was done, which a record of it may keep (a round's time). */
export function registerOutboxSender<P>(kind: string, send: (payload: P, entry: OutboxEntry<P>) => Promise<SendResult>): void {
  senders.set(kind, send as Sender);
  void flushOutbox();
}

function stored(userId: string): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PREFIX + userId) ?? '[]');
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function persist(userId: string, entries: OutboxEntry[]): void {
  try {
    if (entries.length) localStorage.setItem(PREFIX + userId, JSON.stringify(entries));
    else localStorage.removeItem(PREFIX + userId);
  } catch {
    // Storage full or disabled: the entries stay in memory for this page.
  }
}

/** The signed-in user's waiting entries, read from the device; sent at once if the network is there. */
export function openOutbox(userId: string): void {
  if (useOutbox.getState().userId !== userId) useOutbox.setState({ userId, entries: stored(userId) });
  void flushOutbox();
}

/** Signed out: the entries stay on the device for the same user's next sign-in, out of this page's memory. */
export function closeOutbox(): void {
  useOutbox.setState({ userId: null, entries: [] });
}

export function enqueue<P>(kind: string, payload: P): OutboxEntry<P> {
  const { userId, entries } = useOutbox.getState();
  const entry: OutboxEntry<P> = { id: crypto.randomUUID(), kind, payload, madeAt: new Date().toISOString() };
  const next = [...entries, entry];
  useOutbox.setState({ entries: next });
  if (userId) persist(userId, next);
  return entry;
}

function remove(id: string): void {
  const { userId, entries } = useOutbox.getState();
  const next = entries.filter((entry) => entry.id !== id);
  useOutbox.setState({ entries: next });
  if (userId) persist(userId, next);
}

/**
 * Changes what waits of a kind (a roll started off line that turned out to be another phone's:
 * the marks made on it go to that one). Kept on the device like the entries themselves.
 */
export function rewriteWaiting<P>(kind: string, change: (payload: P) => P): void {
  const { userId, entries } = useOutbox.getState();
  const next = entries.map((entry) => (entry.kind === kind ? { ...entry, payload: change(entry.payload as P) } : entry));
  useOutbox.setState({ entries: next });
  if (userId) persist(userId, next);
}

let flushing: Promise<void> | null = null;

async function sendInOrder(): Promise<void> {
  useOutbox.setState({ sending: true });
  try {
    for (;;) {
      const [first] = useOutbox.getState().entries;
      if (!first) return;
      // A kind whose sender is not loaded yet waits (never dropped).
      const send = senders.get(first.kind);
      if (!send) return;
      if ((await send(first.payload as never, first)) === 'unreached') return;
      remove(first.id);
    }
  } finally {
    useOutbox.setState({ sending: false });
  }
}

// Asked again while a run was under way (something new waits): one more run once it ends.
let again = false;

/** Sends the waiting entries in order, one at a time; stops at the first the server cannot be reached for. */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await sendInOrder();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The waiting entries of one kind, for the screen where they were made. */
export function useWaiting<P>(kind: string): Array<OutboxEntry<P>> {
  return useOutbox((state) => state.entries).filter((entry): entry is OutboxEntry<P> => entry.kind === kind);
}

// A live connection (re)made is the server within reach: what waits goes first. Sign-out forgets it here (not on the device).
registerStore({
  refetchIfLoaded() {
    void flushOutbox();
  },
  reset() {
    closeOutbox();
  },
});

/** Whether new writes must wait behind others (or for the network): sent now, they would overtake. */
export function mustWait(): boolean {
  return useOutbox.getState().entries.length > 0 || (typeof navigator !== 'undefined' && !navigator.onLine);
}
