import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/**
 * One student of the school's register (issue 46), in the school's own database. '' is 'none' for
 * the text fields; the class is held by its id, so a renamed class follows.
 */
const registerStudentSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    classId: { type: Schema.Types.ObjectId, ref: 'Class', default: null },
    house: { type: String, default: '' },
    room: { type: String, default: '' },
    boarder: { type: Boolean, default: true },
    externalId: { type: String, default: '' },
    contactNote: { type: String, default: '' },
    /** The day they left ('Sluttet'), 'YYYY-MM-DD'; null while at the school. */
    leftAt: { type: String, default: null },
    version: { type: Number, default: 1 },
  },
  { timestamps: appTimestamps },
);
registerStudentSchema.index({ schoolId: 1, lastName: 1 });

export type RegisterStudentDoc = InferSchemaType<typeof registerStudentSchema> & { _id: Types.ObjectId };
export const RegisterStudentModel = schoolModel('RegisterStudent', registerStudentSchema);
