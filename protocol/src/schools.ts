import { z } from 'zod';
import { idSchema } from './common';

/** GET /api/schools: active schools for the register dropdown. */
export const schoolOptionSchema = z.object({ id: idSchema, name: z.string() });
export type SchoolOption = z.infer<typeof schoolOptionSchema>;
export const schoolOptionsSchema = z.array(schoolOptionSchema);
