import { z } from 'zod';
import { isValidDay } from './time';

/** A MongoDB ObjectId as 24 hex characters. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Ugyldig id');
export const idParamsSchema = z.object({ id: idSchema });

/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z.string().refine(isValidDay, 'Ugyldig dato (YYYY-MM-DD)');

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;
