import { daysBetween, isValidDay, REPORT_RANGE_MAX_DAYS, REPORT_RANGE_TEXTS } from '#protocol';

export interface ExportRange {
  from: string;
  to: string;
}

export const INVALID_DAYS = 'Velg gyldige datoer';

/** Why a range cannot be exported, or null: the server's rules (from ≤ to, at most REPORT_RANGE_MAX_DAYS), in its words. */
export function exportRangeError({ from, to }: ExportRange): string | null {
  if (!isValidDay(from) || !isValidDay(to)) return INVALID_DAYS;
  if (from > to) return REPORT_RANGE_TEXTS.order;
  if (daysBetween(from, to) >= REPORT_RANGE_MAX_DAYS) return REPORT_RANGE_TEXTS.tooLong;
  return null;
}

/** The calendar year: 1 January to 31 December. */
export function wholeYear(year: number): ExportRange {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The days a range covers, both ends counted. */
export function daysIn({ from, to }: ExportRange): number {
  return daysBetween(from, to) + 1;
}
