/**
 * The scope of a school's lists of one day (sick, away, classes away): 'school|day', where school
 * is '' for a member of the school and the chosen school's id for the Plattformadministrator.
 */
export function dayScope(school: string, day: string): string {
  return `${school}|${day}`;
}

function splitDayScope(scope: string): { school: string | null; day: string } {
  const [school = '', day = ''] = scope.split('|');
  return { school: school || null, day };
}

/** The school of a 'school|day' scope: '' for a member of the school, else the chosen school's id. */
export function scopeSchool(scope: string): string {
  return splitDayScope(scope).school ?? '';
}

/** The school to name in a request (null: the caller's own). */
export function requestSchool(scope: string): string | null {
  return scopeSchool(scope) || null;
}

/** The day a 'school|day' scope is about. */
export function scopeDay(scope: string | null): string | null {
  return scope === null ? null : splitDayScope(scope).day;
}
