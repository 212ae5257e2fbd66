import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';
import { TASK_IDS } from '#protocol/taskButtons';

/** A school's six task labels; a school without a row uses the defaults. */
const taskConfigSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true, unique: true },
    buttons: [{ _id: false, id: { type: String, enum: TASK_IDS, required: true }, label: { type: String, required: true } }],
    /** Counts the saves of the labels; a save is taken only on the version it was made from. */
    version: { type: Number, default: 0 },
  },
  { timestamps: appTimestamps },
);

export type TaskConfigDoc = InferSchemaType<typeof taskConfigSchema> & { _id: Types.ObjectId };
export const TaskConfig = schoolModel('TaskConfig', taskConfigSchema);
