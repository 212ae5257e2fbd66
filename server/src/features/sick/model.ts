import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/**
 * The sick list of one school on one date. Student names are user text (they may hold a '.'),
 * so comments are kept as { name, comment } pairs and shaped into the spec's map when presented.
 */
const sickSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    date: { type: String, required: true },
    students: [
      {
        _id: false,
        name: { type: String, required: true },
        comment: { type: String, default: '' },
        /** The register's student, when chosen from it (issue 46): renamed with them, erased with them. */
        studentId: { type: Schema.Types.ObjectId, default: null },
      },
    ],
    comment: { type: String, default: '' },
    revision: { type: Number, default: 0 },
  },
  { timestamps: appTimestamps },
);
sickSchema.index({ schoolId: 1, date: 1 }, { unique: true });

export type SickDoc = InferSchemaType<typeof sickSchema> & { _id: Types.ObjectId };
export const SickRecord = schoolModel('SickRecord', sickSchema);
