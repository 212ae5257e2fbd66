import { Schema, model, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { TASK_IDS } from '../../../../protocol/src/taskButtons';

/** One report per supervisor per report day per school (DECISIONS.md). */
const reportSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    authorUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    authorName: { type: String, required: true },
    /** The report day, YYYY-MM-DD (Oslo; before 09:00 it is the previous date). */
    date: { type: String, required: true },
    content: { type: String, default: '' },
    /** Each ticked task with when it was first ticked: the shared board shows who did a round, and when. */
    taskTicks: [{ _id: false, taskId: { type: String, enum: TASK_IDS, required: true }, at: { type: Date, required: true } }],
    awayStudents: { type: [String], default: [] },
  },
  { timestamps: true },
);
reportSchema.index({ schoolId: 1, authorUserId: 1, date: 1 }, { unique: true });
reportSchema.index({ schoolId: 1, date: 1 });

export type ReportDoc = HydratedDocument<InferSchemaType<typeof reportSchema>>;
export const ReportModel = model('Report', reportSchema);
