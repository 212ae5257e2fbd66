import { compareDays, compareNorwegian, formatDayNo, type Trip } from '#protocol';
import type { DateRange } from './DateRangeFields';

/**
 * What the individual-away card shows for the period being edited (issue 45): every trip with
 * students that is under way on any day of Fra–Til, each with its own dates, so a student added
 * for other days than Fra does not seem lost when Fra changes.
 */
export function studentTripsInPeriod(trips: readonly Trip[], range: DateRange): Trip[] {
  return trips
    .filter(
      (trip) =>
        trip.studentNames.length > 0 && compareDays(trip.fromDate, range.toDate) <= 0 && compareDays(trip.toDate, range.fromDate) >= 0,
    )
    .sort(
      (a, b) =>
        compareDays(a.fromDate, b.fromDate) ||
        compareDays(a.toDate, b.toDate) ||
        compareNorwegian(a.name ?? '', b.name ?? '') ||
        a.id.localeCompare(b.id),
    );
}

/** '27.–30. november 2026', '30. november – 2. desember 2026', '27. november 2026': a period, said once. */
export function formatPeriodNo(fromDate: string, toDate: string): string {
  if (fromDate === toDate) return formatDayNo(fromDate);
  const [from, to] = [formatDayNo(fromDate), formatDayNo(toDate)];
  const sameYear = fromDate.slice(0, 4) === toDate.slice(0, 4);
  const sameMonth = sameYear && fromDate.slice(0, 7) === toDate.slice(0, 7);
  if (sameMonth) return `${from.split(' ')[0]}–${to}`;
  if (sameYear) return `${from.replace(/ \d{4}$/, '')} – ${to}`;
  return `${from} – ${to}`;
}
