import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { schoolModel } from '../../db/schoolDatabase';

/** A trip: students and classes away from fromDate to toDate inclusive (DECISIONS.md). */
const tripSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    fromDate: { type: String, required: true },
    toDate: { type: String, required: true },
    studentNames: { type: [String], default: [] },
    classIds: { type: [Schema.Types.ObjectId], ref: 'Class', default: [] },
    /** Counts every change of the trip; an edit is taken only on the version it was made from. */
    version: { type: Number, default: 0 },
  },
  { timestamps: true },
);
tripSchema.index({ schoolId: 1, toDate: 1 });

export type TripDoc = InferSchemaType<typeof tripSchema> & { _id: Types.ObjectId };
export const Trip = schoolModel('Trip', tripSchema);
