import { compareDays, formatDayRangeNo, type Trip } from '#protocol';

/** The spec's question (§5), kept as worded; what follows names the class's trips (issue 45). */
export const DELETE_CLASS_QUESTION = 'Er du sikker på at du vil slette denne klassen?';

/** The trips the class is on that are under way or still to come, the soonest first. */
export function activeTripsOfClass(trips: readonly Trip[], classId: string, today: string): Trip[] {
  return trips
    .filter((trip) => trip.classIds.includes(classId) && compareDays(trip.toDate, today) >= 0)
    .sort((a, b) => compareDays(a.fromDate, b.fromDate));
}

/**
 * 'Er du sikker …? 2STA er med på turen 27.–30. november, og blir tatt ut av den.': deleting a
 * class takes it off every trip (server: classDeleted), which the question says before it happens.
 */
export function deleteClassQuestion(className: string, trips: readonly Trip[]): string {
  if (trips.length === 0) return DELETE_CLASS_QUESTION;
  const days = trips.map((trip) => formatDayRangeNo(trip.fromDate, trip.toDate));
  const listed = days.length === 1 ? `turen ${days[0]}` : `turene ${days.slice(0, -1).join(', ')} og ${days.at(-1)}`;
  const them = trips.length === 1 ? 'den' : 'dem';
  return `${DELETE_CLASS_QUESTION} ${className} er med på ${listed}, og blir tatt ut av ${them}.`;
}
