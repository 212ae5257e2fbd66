import type { EventOrigin, ServerEventName, ServerEventPayload } from '#protocol';

/** What a feature does with one server event: store actions only; the server is the source of truth. */
export type EventHandler<E extends ServerEventName> = (payload: ServerEventPayload<E>, origin: EventOrigin) => void;

/** A feature's listeners, keyed by the protocol's event map. */
export type EventHandlers<K extends ServerEventName> = { [E in K]: EventHandler<E> };

type Merged<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]] ? First & Merged<Rest> : unknown;
type AnyHandler = (payload: never, origin: EventOrigin) => void;

/**
 * The features' listeners as one map. An event that several features keep (users.updated: the
 * school's list and the platform's) reaches each of them, in the order given.
 */
export function combineHandlers<T extends readonly object[]>(...maps: T): Merged<T> {
  const combined: Record<string, AnyHandler> = {};
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map as Record<string, AnyHandler>)) {
      const before = combined[name];
      combined[name] = before
        ? (payload, origin) => {
            before(payload, origin);
            handler(payload, origin);
          }
        : handler;
    }
  }
  return combined as Merged<T>;
}
