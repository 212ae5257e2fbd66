import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

const classSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    className: { type: String, required: true, trim: true },
    /** Lower-cased, trimmed name: unique per school without regard to case. */
    nameKey: { type: String, required: true },
  },
  { timestamps: appTimestamps },
);
classSchema.index({ schoolId: 1, nameKey: 1 }, { unique: true });

export type ClassDoc = InferSchemaType<typeof classSchema> & { _id: Types.ObjectId };
export const ClassModel = schoolModel('Class', classSchema);

export function classNameKey(className: string): string {
  return className.trim().toLocaleLowerCase('nb');
}
