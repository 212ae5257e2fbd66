import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { principals } from '../../cache/areas';
import { changed } from '../../cache/readThrough';
import { afterEveryWrite } from '../../cache/afterEveryWrite';

const schoolSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Lower-cased, trimmed name: school names are unique without regard to case. */
    nameKey: { type: String, required: true, unique: true },
    active: { type: Boolean, required: true, default: true },
    /** Set when a deletion starts; a deletion cut short is finished by a retry or at the next start. */
    deleting: { type: Boolean, default: false },
    /** Sick lists (names and comments) older than this many months are deleted (features/sick/retention.ts). */
    healthDataRetentionMonths: { type: Number, required: true, default: HEALTH_DATA_RETENTION_DEFAULT_MONTHS, min: 1 },
    /** Admins must sign in with a passkey or password and a code from an authenticator app (issue 33, features/secondFactor). */
    requireSecondFactor: { type: Boolean, default: false },
  },
  { timestamps: appTimestamps },
);

// Every write, by any path, empties the in-memory principal cache (core/sessions/principalCache.ts).
afterEveryWrite(schoolSchema, () => changed(principals));

export type SchoolDoc = InferSchemaType<typeof schoolSchema> & { _id: Types.ObjectId };
export const School = model('School', schoolSchema);

export function schoolNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('nb');
}
