import {
  awayClassesSchema,
  awaySchema,
  readPaths,
  deletedSchema,
  messageSchema,
  tripSchema,
  tripsSchema,
  type Away,
  type AwayClasses,
  type Deleted,
  type Trip,
  type UpdateTripBody,
} from '#protocol';
import { getData, request, withSchool } from '../../api/http';

/** Away: students and classes on trips (spec §7). The Plattformadministrator names the school (schoolId); an Admin sends none. */

export function fetchAway(date: string, schoolId: string | null): Promise<Away | null> {
  return getData(readPaths.away(date, schoolId), awaySchema);
}

type Range = { fromDate: string; toDate: string };

/** The spec's body, and the trip's name only when one is given ('Skitur Hemsedal'). */
export function addAwayStudent(
  range: Range,
  studentName: string,
  schoolId: string | null,
  tripName = '',
  studentId: string | null = null,
): Promise<Trip> {
  const named = tripName.trim() ? { tripName: tripName.trim() } : {};
  // Chosen from the register (issue 46): the trip holds the student by id.
  const linked = studentId ? { studentIds: { [studentName]: studentId } } : {};
  return request('POST', withSchool('/api/away/add', schoolId), tripSchema, { ...range, studentName, ...named, ...linked });
}

export function removeAwayStudent(name: string, schoolId: string | null): Promise<unknown> {
  return request('DELETE', withSchool(`/api/away/student/${encodeURIComponent(name)}`, schoolId), messageSchema);
}

export function fetchAwayClasses(date: string, schoolId: string | null): Promise<AwayClasses | null> {
  return getData(withSchool(`/api/away/classes?activeOn=${encodeURIComponent(date)}`, schoolId), awayClassesSchema);
}

export function addAwayClasses(range: Range, classIds: string[], schoolId: string | null): Promise<Trip> {
  return request('POST', withSchool('/api/away/classes', schoolId), tripSchema, { ...range, classIds });
}

export function removeAwayClass(classId: string, schoolId: string | null): Promise<unknown> {
  return request('DELETE', withSchool(`/api/away/class/${encodeURIComponent(classId)}`, schoolId), messageSchema);
}

export function fetchTrips(schoolId: string | null): Promise<Trip[] | null> {
  return getData(withSchool('/api/away/all', schoolId), tripsSchema);
}

export function updateTrip(id: string, body: UpdateTripBody, schoolId: string | null): Promise<Trip> {
  return request('PUT', withSchool(`/api/away/trip/${encodeURIComponent(id)}`, schoolId), tripSchema, body);
}

export function deleteTrip(id: string, schoolId: string | null): Promise<Deleted> {
  return request('DELETE', withSchool(`/api/away/entry/${encodeURIComponent(id)}`, schoolId), deletedSchema);
}
