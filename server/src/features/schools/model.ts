import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

const schoolSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Lower-cased, trimmed name: school names are unique without regard to case. */
    nameKey: { type: String, required: true, unique: true },
    active: { type: Boolean, required: true, default: true },
  },
  { timestamps: true },
);

export type SchoolDoc = InferSchemaType<typeof schoolSchema> & { _id: Types.ObjectId };
export const School = model('School', schoolSchema);

export function schoolNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('nb');
}
