import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { appTimestamps } from '../../appClock';
import { schoolModel } from '../../db/schoolDatabase';

/**
 * An uploaded student file, as read, between its upload and its import (issue 46). Kept in the
 * database, not in one instance's memory, so the preview and the import may reach any instance.
 * Removed when applied and an hour after upload.
 */
const registerImportSchema = new Schema(
  {
    schoolId: { type: Schema.Types.ObjectId, ref: 'School', required: true },
    uploadedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    fileName: { type: String, default: '' },
    format: { type: String, required: true },
    encoding: { type: String, default: null },
    separator: { type: String, default: null },
    header: [String],
    rows: [{ _id: false, line: Number, cells: [String] }],
  },
  { timestamps: appTimestamps },
);

export type RegisterImportDoc = InferSchemaType<typeof registerImportSchema> & { _id: Types.ObjectId; createdAt: Date };
export const RegisterImportModel = schoolModel('RegisterImport', registerImportSchema);

/**
 * One import of a school's register at a time: the lock is a document with the school's id as its
 * _id (a second insert fails on the key), taken when an import starts and removed when it ends. A
 * lock left by a crashed instance counts for `IMPORT_LOCK_MS` only.
 */
const importLockSchema = new Schema({ _id: Schema.Types.ObjectId, since: { type: Date, required: true } });
export const RegisterImportLock = schoolModel('RegisterImportLock', importLockSchema);
