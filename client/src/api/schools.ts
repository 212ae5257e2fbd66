import { schoolOptionsSchema, type SchoolOption } from '#protocol';
import { getData } from './http';

/** Active schools for the register dropdown. */
export async function fetchSchoolOptions(): Promise<SchoolOption[]> {
  return (await getData('/api/schools', schoolOptionsSchema)) ?? [];
}
