import { z } from 'zod';

/** The header a client sends with a write, naming it; events the write causes carry it back. */
export const REQUEST_ID_HEADER = 'x-request-id';
export const requestIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/**
 * Who caused an event, sent beside its payload: the request id of the write (null when the client
 * sent none, or for events no request caused). A window knows its own writes by their ids.
 */
export const eventOriginSchema = z.object({ requestId: requestIdSchema.nullable() });
export type EventOrigin = z.infer<typeof eventOriginSchema>;
