import { z } from 'zod';
import { idSchema } from './common';

/** GET /api/schools: active schools for the register dropdown. */
export const schoolOptionSchema = z.object({ id: idSchema, name: z.string() });
export type SchoolOption = z.infer<typeof schoolOptionSchema>;
export const schoolOptionsSchema = z.array(schoolOptionSchema);

/** How long sick lists and their comments are kept, in months, unless the Plattformadministrator sets another. */
export const HEALTH_DATA_RETENTION_DEFAULT_MONTHS = 12;
export const HEALTH_DATA_RETENTION_MAX_MONTHS = 120;
