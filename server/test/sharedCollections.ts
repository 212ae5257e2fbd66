import mongoose, { Types } from 'mongoose';

/** A collection of the app's own database, as data was kept before each school had a database of its own. */
export const sharedCollection = (name: string) => mongoose.connection.db!.collection(name);

/** A class document as it stood in the shared 'classes' collection then. */
export function sharedClass(schoolId: string, className: string, at = new Date()) {
  return {
    _id: new Types.ObjectId(),
    schoolId: new Types.ObjectId(schoolId),
    className,
    nameKey: className.toLowerCase(),
    createdAt: at,
    updatedAt: at,
  };
}
