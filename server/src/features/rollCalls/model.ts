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
    /** The marks as the first version kept them (a list), read for rolls made then; marks are RollCallMark documents now. */
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

/**
 * A student's last mark on a roll: who made it and when (a mark made off line, when it was made);
 * 'none' is a mark taken back. A small document of its own per student, so ten phones marking one
 * roll at once never rewrite each other's marks or a roll that grows with every mark.
 */
const rollCallMarkSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    rollCallId: { type: Schema.Types.ObjectId, required: true },
    studentId: { type: String, required: true },
    state: { type: String, required: true },
    byName: { type: String, default: '' },
    at: { type: Date, required: true },
  },
  { timestamps: appTimestamps },
);
rollCallMarkSchema.index({ rollCallId: 1, studentId: 1 }, { unique: true });

export type RollCallMarkDoc = InferSchemaType<typeof rollCallMarkSchema> & { _id: Types.ObjectId };
export const RollCallMarkModel = schoolModel('RollCallMark', rollCallMarkSchema);
