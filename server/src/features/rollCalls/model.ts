import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/** A roll call of one report day and house ('' for all), in the school's own database (issue 47). */
const rollCallSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    date: { type: String, required: true },
    house: { type: String, default: '' },
    startedAt: { type: Date, required: true },
    startedById: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    startedByName: { type: String, required: true },
    finishedAt: { type: Date, default: null },
    finishedByName: { type: String, default: null },
    note: { type: String, default: '' },
    /** What the roll found when it ended (protocol rollResultSchema). */
    result: {
      type: new Schema(
        {
          expected: Number,
          present: Number,
          missing: Number,
          unmarked: Number,
          notFound: [String],
          uncounted: [String],
        },
        { _id: false },
      ),
      default: null,
    },
    /**
     * The last mark per student, keyed by the student's id: who made it and when (a mark made off
     * line, when it was made). Each is written on its own ($set of one key, only over an older
     * one), so phones marking at once never wait on each other. 'none' is a mark taken back.
     */
    studentMarks: { type: Map, of: new Schema({ state: String, byName: String, at: Date }, { _id: false }), default: {} },
    /** The marks as the first version kept them (a list), read for rolls made then. */
    marks: [{ _id: false, studentId: Schema.Types.ObjectId, state: String, byName: String, at: Date }],
    version: { type: Number, default: 0 },
    /** 'date/house' while under way: unique, so two starts at once make one roll. Removed when finished. */
    openKey: { type: String },
  },
  { timestamps: appTimestamps },
);
rollCallSchema.index({ schoolId: 1, date: 1 });
rollCallSchema.index({ openKey: 1 }, { unique: true, sparse: true });

export type RollCallDoc = InferSchemaType<typeof rollCallSchema> & { _id: Types.ObjectId };
export const RollCallModel = schoolModel('RollCall', rollCallSchema);
