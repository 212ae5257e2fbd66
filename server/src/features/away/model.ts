import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/** A trip: students and classes away from fromDate to toDate inclusive (DECISIONS.md). */
const tripSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    fromDate: { type: String, required: true },
    toDate: { type: String, required: true },
    studentNames: { type: [String], default: [] },
    classIds: { type: [Schema.Types.ObjectId], ref: 'Class', default: [] },
    /**
     * The register's students among studentNames, by name (issue 46): renamed with them, erased
     * with them. A link whose name is no longer on the trip counts for nothing.
     */
    studentLinks: { type: [{ _id: false, name: String, studentId: Schema.Types.ObjectId }], default: [] },
    /** 'Skitur Hemsedal': absent on a trip without a name (issue 45). */
    name: { type: String },
    /** Counts every change of the trip; an edit is taken only on the version it was made from. */
    version: { type: Number, default: 0 },
    /**
     * 'fromDate/toDate' (and '/name' for a named trip) on a trip an add started, until it is
     * edited: unique, so two first adds to the same dates and name at once make one trip
     * (tripService.addToTrip). Trips without it (edited, or from before) do not take part.
     */
    datesKey: { type: String },
  },
  { timestamps: appTimestamps },
);
tripSchema.index({ schoolId: 1, toDate: 1 });
tripSchema.index({ datesKey: 1 }, { unique: true, sparse: true });

export type TripDoc = InferSchemaType<typeof tripSchema> & { _id: Types.ObjectId };
export const Trip = schoolModel('Trip', tripSchema);
