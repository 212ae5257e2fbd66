import { z } from 'zod';
import { isValidDay } from './time';

// Apart from common.ts: the Oslo time rules (date-fns-tz) stay out of what the sign-in page loads.
/** A calendar day, YYYY-MM-DD, that exists. */
// z.iso.date() tells the API's readers (OpenAPI: format 'date'); isValidDay has the last word.
export const daySchema = z.iso.date({ error: 'Ugyldig dato (YYYY-MM-DD)' }).refine(isValidDay, 'Ugyldig dato (YYYY-MM-DD)');
