import type { ReactNode } from 'react';
import { AdminSchoolPicker } from './AdminSchoolPicker';
import { useSchoolScope } from './useSchoolScope';

/** The school a screen shows, once there is one: the query ('' for a member's own school) and its id. */
export type ChosenSchool = { query: string; schoolId: string };

/**
 * The school part of a screen: the Plattformadministrator's picker, and until a school is chosen
 * what to do ('Velg en skole …'); then the content for that school. A member sees their own.
 */
export function SchoolScoped({ pickText, children }: { pickText: string; children: (school: ChosenSchool) => ReactNode }) {
  const { picksSchool, schoolId, query } = useSchoolScope();
  return (
    <>
      {picksSchool && <AdminSchoolPicker />}
      {query === null || schoolId === null ? <p className="empty">{pickText}</p> : children({ query, schoolId })}
    </>
  );
}
