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
  },
  { timestamps: true },
);
tripSchema.index({ schoolId: 1, toDate: 1 });

export type TripDoc = InferSchemaType<typeof tripSchema> & { _id: Types.ObjectId };
export const Trip = schoolModel('Trip', tripSchema);
