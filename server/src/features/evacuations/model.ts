import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/** An evacuation (issue 47), in the school's own database: who should be on the premises when it started. */
const evacuationSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    date: { type: String, required: true },
    drill: { type: Boolean, default: false },
    startedAt: { type: Date, required: true },
    startedById: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    startedByName: { type: String, required: true },
    endedAt: { type: Date, default: null },
    endedByName: { type: String, default: null },
    people: [{ _id: false, id: String, name: String, kind: String, house: String, room: String }],
    /** 'open' while under way: unique, so two phones starting at once make one. Removed when it ends. */
    openKey: { type: String },
  },
  { timestamps: appTimestamps },
);
evacuationSchema.index({ schoolId: 1, date: 1 });
evacuationSchema.index({ openKey: 1 }, { unique: true, sparse: true });

export type EvacuationDoc = InferSchemaType<typeof evacuationSchema> & { _id: Types.ObjectId };
export const EvacuationModel = schoolModel('Evacuation', evacuationSchema);

/** One person's last mark ('I sikkerhet' or taken back), a small document of its own as a roll call's marks are. */
const evacueeMarkSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    evacuationId: { type: Schema.Types.ObjectId, required: true },
    personId: { type: String, required: true },
    safe: { type: Boolean, required: true },
    byName: { type: String, default: '' },
    at: { type: Date, required: true },
  },
  { timestamps: appTimestamps },
);
evacueeMarkSchema.index({ evacuationId: 1, personId: 1 }, { unique: true });

export type EvacueeMarkDoc = InferSchemaType<typeof evacueeMarkSchema> & { _id: Types.ObjectId };
export const EvacueeMarkModel = schoolModel('EvacueeMark', evacueeMarkSchema);
