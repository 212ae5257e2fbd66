import { createHash } from 'node:crypto';
import { Schema, Types, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';
import { TASK_IDS } from '#protocol/taskButtons';

/** One report per supervisor per report day per school (DECISIONS.md). */
const reportSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    authorUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    authorName: { type: String, required: true },
    /** The report day, YYYY-MM-DD (Oslo; before 09:00 it is the previous date). */
    date: { type: String, required: true },
    content: { type: String, default: '' },
    /**
     * Every tick of a round, in time order (a round may be done several times a night): its id, when
     * it was done, and the round's label as it read then, so that renaming a round changes no report.
     */
    taskTicks: [
      {
        _id: false,
        // '' for a tick written without an id: it is read with one made from its report, round and
        // time (ticks.ts), the same at every read, where a random default would change per read.
        id: { type: String, default: '' },
        taskId: { type: String, enum: TASK_IDS, required: true },
        at: { type: Date, required: true },
        /** '' only for a tick written without one (before migration 3): shown by the school's current label. */
        label: { type: String, default: '' },
      },
    ],
    /** Who was away on the report day, the server's (away/service.ts), renewed at each save and each change of the day's trips. */
    awayStudents: { type: [String], default: [] },
    /** How many times the text was saved (protocol/reports.ts): a save is taken only on the version it was written from. */
    version: { type: Number, default: 0 },
    /** The last correction of the text by an Admin or the Plattformadministrator (PUT /api/reports/{id}): who and when. */
    editedBy: {
      type: new Schema({ userId: Schema.Types.ObjectId, name: String, role: String, at: Date }, { _id: false }),
      default: null,
    },
    /** Every write of the report, text, ticks or away list: what the server's own read-change-write checks. */
    writes: { type: Number, default: 0 },
  },
  { timestamps: appTimestamps },
);
reportSchema.index({ schoolId: 1, authorUserId: 1, date: 1 }, { unique: true });
reportSchema.index({ schoolId: 1, date: 1 });

export type ReportDoc = HydratedDocument<InferSchemaType<typeof reportSchema>>;
export const ReportModel = schoolModel('Report', reportSchema);

/**
 * A report's id follows from its school, author and day. Reading and writing "my report" is then
 * a bare-_id operation, which FerretDB's SQLite backend answers from its index instead of a scan;
 * and two first saves of the same report cannot create two.
 */
export function reportIdFor(schoolId: Types.ObjectId, authorUserId: Types.ObjectId, date: string): Types.ObjectId {
  const digest = createHash('sha256').update(`${schoolId.toHexString()}:${authorUserId.toHexString()}:${date}`).digest('hex');
  return new Types.ObjectId(digest.slice(0, 24));
}
