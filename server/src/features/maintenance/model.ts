import { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';
import { CASE_ACTIONS, MAINTENANCE_STATUSES } from '#protocol/maintenance';

/** One step of a case's history: who did what, when (and a rejection's reason). */
const caseEventSchema = new Schema(
  {
    action: { type: String, enum: CASE_ACTIONS, required: true },
    byName: { type: String, required: true },
    at: { type: Date, required: true },
    reason: { type: String, default: null },
  },
  { _id: false },
);

/** A maintenance case. Names and times are the server's: who was signed in, when it happened. */
const maintenanceTaskSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    roomNumber: { type: String, required: true },
    description: { type: String, required: true },
    status: { type: String, enum: MAINTENANCE_STATUSES, required: true, default: 'pending' },
    createdByUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    createdByName: { type: String, required: true },
    completedByName: { type: String, default: null },
    completedAt: { type: Date, default: null },
    rejectedByName: { type: String, default: null },
    rejectedAt: { type: Date, default: null },
    rejectReason: { type: String, default: null },
    /** What happened after it was sent, oldest first (its sending is createdByName and createdAt). */
    history: { type: [caseEventSchema], default: [] },
    /** Made with an Idempotency-Key: a hash of the request it came with, so the key cannot be reused for another. */
    requestHash: { type: String, default: null },
  },
  { timestamps: appTimestamps },
);
maintenanceTaskSchema.index({ schoolId: 1, status: 1 });
maintenanceTaskSchema.index({ schoolId: 1, createdByUserId: 1 });

export type MaintenanceTaskDoc = HydratedDocument<InferSchemaType<typeof maintenanceTaskSchema>>;
export const MaintenanceTaskModel = schoolModel('MaintenanceTask', maintenanceTaskSchema);

/**
 * The id of a case made with an Idempotency-Key and since deleted: the same key sent again is told
 * it is gone (410) instead of bringing the case back.
 */
const deletedKeyedTaskSchema = new Schema({ schoolId: { type: Schema.Types.ObjectId, required: true } }, { timestamps: appTimestamps });
export const DeletedKeyedTaskModel = schoolModel('DeletedKeyedTask', deletedKeyedTaskSchema);
