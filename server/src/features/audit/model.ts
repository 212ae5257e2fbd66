import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { AUDIT_ACTIONS } from '#protocol/audit';

/**
 * One entry of the audit trail: who did what to whom, and when. Written by the server only; no
 * route changes or deletes an entry (deleting a school removes its entries with the rest of it).
 */
const auditSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', default: null },
    at: { type: Date, required: true },
    actorId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    actorName: { type: String, required: true },
    actorRole: { type: String, required: true },
    action: { type: String, enum: Object.keys(AUDIT_ACTIONS), required: true },
    targetId: { type: String, required: true },
    targetName: { type: String, default: '' },
    detail: { type: String, default: '' },
  },
  { versionKey: false },
);
auditSchema.index({ schoolId: 1, at: -1 });
auditSchema.index({ at: -1 });

export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: Types.ObjectId };
export const AuditModel = model('AuditEntry', auditSchema);
