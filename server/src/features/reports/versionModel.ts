import { createHash } from 'node:crypto';
import { Schema, Types, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { schoolModel } from '../../db/schoolDatabase';

/**
 * One saved text of a report (issue 44): kept so that a text replaced by a later save, from a
 * conflict's 'Behold min' or the spec's save that names no version, can still be read. It goes
 * with its report (service.ts deleteReport) and with its school's database.
 */
const reportVersionSchema = new Schema({
  schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
  reportId: { type: Schema.Types.ObjectId, ref: 'Report', required: true },
  version: { type: Number, required: true },
  content: { type: String, default: '' },
  savedAt: { type: Date, required: true },
  savedByUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  savedByName: { type: String, required: true },
  device: { type: String, required: true },
});
reportVersionSchema.index({ reportId: 1, version: -1 });

export type ReportVersionDoc = HydratedDocument<InferSchemaType<typeof reportVersionSchema>>;
export const ReportVersionModel = schoolModel('ReportVersion', reportVersionSchema);

/** A version's id follows from its report and number: keeping it twice keeps it once. */
export function reportVersionIdFor(reportId: Types.ObjectId, version: number): Types.ObjectId {
  const digest = createHash('sha256').update(`${reportId.toHexString()}:v${version}`).digest('hex');
  return new Types.ObjectId(digest.slice(0, 24));
}
