import type { Types } from 'mongoose';
import { principals } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';
import { School } from './schoolModel';

/**
 * The one place that says whether a school is active (issue 42): sign-in by every method, every
 * request and live connection (plugins/principals.ts, given this by core/sessions/principalCache.ts),
 * registration, and moving a user all ask here. A school switched off (or being deleted) lets none
 * of its users in and takes no one new.
 */
const ACTIVE = { active: true } as const;

/** From memory (the principals area, cache/areas.ts): any write to schools empties it here and on every instance first. */
export async function isSchoolActive(schoolId: Types.ObjectId | null | undefined): Promise<boolean> {
  if (!schoolId) return false;
  return readThrough(
    principals,
    `school:${schoolId.toHexString()}`,
    async () => (await School.findById(schoolId, { active: 1 }).lean())?.active === true,
  );
}

/** An active school by its id (as a request names it), with its name; null when there is none or it is switched off. */
export function findActiveSchool(schoolId: Types.ObjectId | string): Promise<{ _id: Types.ObjectId; name: string } | null> {
  return School.findOne({ _id: schoolId, ...ACTIVE }, { name: 1 }).lean<{ _id: Types.ObjectId; name: string }>();
}

/** The schools one can apply to, by name. */
export function listActiveSchools(): Promise<Array<{ _id: Types.ObjectId; name: string }>> {
  return School.find(ACTIVE, { name: 1 }).sort({ nameKey: 1 }).lean<Array<{ _id: Types.ObjectId; name: string }>>();
}
