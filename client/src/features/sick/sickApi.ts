import { readPaths, sickSchema, type Sick } from '#protocol';
import { getData, request, withSchool } from '../../api/http';

export type SickEntry = { name: string; comment: string; studentId?: string };

/** The sick list of a date (spec §7). The Plattformadministrator names the school (schoolId); an Admin sends none. */

export function fetchSick(date: string, schoolId: string | null): Promise<Sick | null> {
  return getData(readPaths.sick(date, schoolId), sickSchema);
}

/** studentId: the register's id when the student was chosen from it (issue 46). */
export function addSick(date: string, student: SickEntry, schoolId: string | null): Promise<Sick> {
  return request('POST', withSchool('/api/sick/add', schoolId), sickSchema, { date, ...student });
}

/** The whole list of the date; with the revision it was read at, so a newer list is never overwritten. */
export function replaceSick(date: string, students: SickEntry[], revision: number, schoolId: string | null): Promise<Sick> {
  return request('PUT', withSchool('/api/sick', schoolId), sickSchema, { date, students, revision });
}
