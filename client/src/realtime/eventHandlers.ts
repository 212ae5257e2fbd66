import type { EventOrigin, ServerEventName, ServerEventPayload } from '#protocol';

/** What a feature does with one server event: store actions only; the server is the source of truth. */
export type EventHandler<E extends ServerEventName> = (payload: ServerEventPayload<E>, origin: EventOrigin) => void;

/** A feature's listeners, keyed by the protocol's event map: each event is handled in one feature. */
export type EventHandlers<K extends ServerEventName> = { [E in K]: EventHandler<E> };
