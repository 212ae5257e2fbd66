import { formatBackOnNo, formatLongDayNo, valueForName, type Away, type Sick } from '#protocol';

export const NO_INFO = 'Ingen tilleggsinformasjon tilgjengelig';
/** The note on a student whose last day away is the board's day: 'Tilbake fredag'. */
export const backOn = formatBackOnNo;

/** What a sick student's chip opens: their comment, or null for 'Ingen tilleggsinformasjon tilgjengelig'. */
export function sickInfo(sick: Sick, name: string): string | null {
  return valueForName(sick.studentComments, name)?.trim() || null;
}

/** What an away chip opens: 'Tilbake: onsdag 25. november 2026', the weekday as the chip's note says it. */
export function returnLine(returns: string | undefined): string | null {
  if (!returns) return null;
  return `Tilbake: ${formatLongDayNo(returns)}`;
}

/** A student's return date from the away list. */
export function returnDateOf(away: Away, name: string): string | undefined {
  return valueForName(away.returnDates, name);
}

/** The name of the trip a student is on that day, if it has one. */
export function tripNameOf(away: Away, name: string): string | undefined {
  return away.tripNames ? valueForName(away.tripNames, name) : undefined;
}

/** What an away chip's dialog adds for a named trip: 'Reise: Skitur Hemsedal'. */
export function tripLine(tripName: string | undefined): string | null {
  return tripName ? `Reise: ${tripName}` : null;
}

/** How many chips the away list shows: students on their own, and whole classes. */
export function awayCount(away: Away | null): number {
  return away ? away.individualStudentNames.length + away.classes.length : 0;
}

/** A class chip's accessible name: its visible text, and 'tilbake fredag' on its last day away. */
export function classChipLabel(className: string, returnDate: string, day: string): string {
  return `Klasse ${className}${returnDate === day ? `, ${backOn(day).toLowerCase()}` : ''}`;
}
