import { z } from 'zod';
import { userSchema } from './auth';

/**
 * Every server-to-client event: '<plural>.<pastTense>' → payload schema. The payload is the same
 * presented shape the REST routes return; deletions carry { id }.
 */
export const serverEventSchemas = {
  /** A new self-registration, pending approval: to the school's admins and the platform room. */
  'users.registered': userSchema,
  /** A user's status or role changed: to the school's admins, the platform room and the user themselves. */
  'users.updated': userSchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

/** The socket carries server-to-client events only. */
export type ClientToServerEvents = Record<string, never>;
