import { z } from 'zod';
import { daySchema } from './day';
import { idSchema } from './common';
import { daysBetween, isValidDay } from './time';

/** A report range is at most a year and a bit: the yearly page's widest export with room to spare. */
export const REPORT_RANGE_MAX_DAYS = 400;
export const YEAR_CHOICES = { first: 2025, last: 2035 } as const;

export const REPORT_RANGE_TEXTS = {
  order: 'Fra-dato kan ikke være etter til-dato',
  tooLong: `Perioden kan være maks ${REPORT_RANGE_MAX_DAYS} dager`,
} as const;

/** A query with two day fields (named as the spec names them per call), in order and at most REPORT_RANGE_MAX_DAYS. */
function rangeQuery<F extends string, T extends string, E extends z.ZodRawShape = Record<never, never>>(fromKey: F, toKey: T, extra?: E) {
  const shape = { [fromKey]: daySchema, [toKey]: daySchema, schoolId: idSchema.optional(), ...extra } as Record<F | T, typeof daySchema> & {
    schoolId: z.ZodOptional<typeof idSchema>;
  } & E;
  const valid = (v: Record<string, unknown>) => isValidDay(String(v[fromKey])) && isValidDay(String(v[toKey]));
  return z
    .object(shape)
    .refine((v: Record<string, unknown>) => !valid(v) || String(v[fromKey]) <= String(v[toKey]), {
      message: REPORT_RANGE_TEXTS.order,
      path: [toKey],
    })
    .refine((v: Record<string, unknown>) => !valid(v) || daysBetween(String(v[fromKey]), String(v[toKey])) < REPORT_RANGE_MAX_DAYS, {
      message: REPORT_RANGE_TEXTS.tooLong,
      path: [toKey],
    });
}

/** GET /api/admin/reports/week?start&end */
export const weekReportsQuerySchema = rangeQuery('start', 'end');
/** GET /api/admin/reports/year?from&to and the exports. */
export const yearReportsQuerySchema = rangeQuery('from', 'to');
/** The exports: the range, and optionally one author's reports only (the yearly page's user filter). */
export const exportQuerySchema = rangeQuery('from', 'to', { userId: idSchema.optional() });

export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/admin/reports/year-summary?year[&userId]: the year at a glance, ISO week by ISO week; of one author's doings with userId. */
export const yearSummaryQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Ugyldig år' })
    .int('Ugyldig år')
    .min(YEAR_CHOICES.first, `Året må være fra ${YEAR_CHOICES.first} til ${YEAR_CHOICES.last}`)
    .max(YEAR_CHOICES.last, `Året må være fra ${YEAR_CHOICES.first} til ${YEAR_CHOICES.last}`),
  schoolId: idSchema.optional(),
  userId: idSchema.optional(),
});

export const weekSummarySchema = z.object({
  week: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Reports written. */
  reports: z.number().int(),
  /** Of the days with a report, the average share of the six rounds ticked by anyone (0–1); with userId, of that author's days and ticks. */
  roundsShare: z.number(),
  /** Students on a sick list that week, and individual students away on a trip (distinct names). */
  sick: z.number().int(),
  away: z.number().int(),
  /** Maintenance cases sent that week. */
  cases: z.number().int(),
});
export type WeekSummary = z.infer<typeof weekSummarySchema>;

/**
 * The figures that follow the yearly page's user filter: what the author wrote, ticked and sent.
 * Sick and away students are the school's lists, written by no one in particular.
 */
export const PER_AUTHOR_FIGURES: ReadonlyArray<keyof WeekSummary> = ['reports', 'roundsShare', 'cases'];

export const yearSummarySchema = z.object({
  year: z.number().int(),
  weeks: z.array(weekSummarySchema),
  /** Everyone who wrote a report that year, for the page's user filter (all of them, whichever user is chosen). */
  authors: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;
