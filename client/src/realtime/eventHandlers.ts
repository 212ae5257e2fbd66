import type { EventOrigin, ServerEventName, ServerEventPayload } from '#protocol';

/** What a feature does with one server event: store actions only; the server is the source of truth. */
export type EventHandler<E extends ServerEventName> = (payload: ServerEventPayload<E>, origin: EventOrigin) => void;

/** A feature's listeners, keyed by the protocol's event map. */
export type EventHandlers<K extends ServerEventName> = { [E in K]: EventHandler<E> };

type AnyHandler = (payload: never, origin: EventOrigin) => void;

/** Every feature's listeners by event, in the order the features registered them. */
const registered = new Map<ServerEventName, AnyHandler[]>();

/**
 * A feature hands its listeners to the socket layer as its store's module loads; realtime/ imports
 * no feature. An event that several features keep (users.updated: the school's list and the
 * platform's) reaches each of them, in the order they registered. client/src/liveEvents.ts loads
 * every keeper with the signed-in app.
 */
export function registerEventHandlers<K extends ServerEventName>(handlers: EventHandlers<K>): void {
  for (const [name, handler] of Object.entries(handlers) as [ServerEventName, AnyHandler][]) {
    registered.set(name, [...(registered.get(name) ?? []), handler]);
  }
}

/** Hands one parsed event to every feature that keeps it. */
export function deliverEvent<E extends ServerEventName>(name: E, payload: ServerEventPayload<E>, origin: EventOrigin): void {
  for (const handler of registered.get(name) ?? []) (handler as EventHandler<E>)(payload, origin);
}

/** The events some feature keeps (for the test that every event has a keeper). */
export function keptEvents(): ServerEventName[] {
  return [...registered.keys()];
}
