import type { Types } from 'mongoose';
import type { SchoolClass } from '#protocol/classes';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { classDeleted } from './classDeleted';
import { ClassModel, classNameKey, type ClassDoc } from './model';
import { compareNames } from '#protocol/collation';
import { unlessDuplicate } from '../../db/duplicateKey';
import { changedAt } from '../../db/changedAt';
import { trusted } from '../../db/trusted';

const DUPLICATE = 'Det finnes allerede en klasse med dette navnet';
const NOT_FOUND = 'Fant ikke klassen';

function present(doc: ClassDoc): SchoolClass {
  return {
    id: doc._id.toHexString(),
    className: doc.className,
    schoolId: doc.schoolId.toHexString(),
    updatedAt: changedAt(doc),
  };
}

export async function listClasses(schoolId: Types.ObjectId): Promise<SchoolClass[]> {
  const classes = await ClassModel.of(schoolId).find({ schoolId }).lean<ClassDoc[]>();
  return classes.sort((a, b) => compareNames(a.className, b.className)).map(present);
}

export async function createClass(schoolId: Types.ObjectId, className: string, realtime: Realtime): Promise<SchoolClass> {
  const nameKey = classNameKey(className);
  if (await ClassModel.of(schoolId).exists({ schoolId, nameKey })) throw conflict(DUPLICATE);
  const created: ClassDoc = await unlessDuplicate(
    async () => (await ClassModel.insert(schoolId, { schoolId, className: className.trim(), nameKey })).toObject(),
    () => {
      throw conflict(DUPLICATE);
    },
  );
  const presented = present(created);
  realtime.toSchool(schoolId.toHexString(), 'classes.created', presented);
  return presented;
}

/**
 * A new name for the class (issue 45), unique in the school as a new class's is; a change of case
 * alone is the same class. What refers to the class holds its id, so every list follows.
 */
export async function renameClass(schoolId: Types.ObjectId, classId: string, className: string, realtime: Realtime): Promise<SchoolClass> {
  const nameKey = classNameKey(className);
  const classes = ClassModel.of(schoolId);
  if (await classes.exists({ schoolId, nameKey, _id: trusted({ $ne: classId }) })) throw conflict(DUPLICATE);
  const renamed = await unlessDuplicate(
    () =>
      classes
        .findOneAndUpdate({ _id: classId, schoolId }, { $set: { className: className.trim(), nameKey } }, { new: true })
        .lean<ClassDoc>(),
    () => {
      throw conflict(DUPLICATE);
    },
  );
  if (!renamed) throw notFound(NOT_FOUND);
  const presented = present(renamed);
  realtime.toSchool(schoolId.toHexString(), 'classes.updated', presented);
  return presented;
}

/** The class goes, and what refers to it follows (`classDeleted`: it leaves every trip). */
export async function deleteClass(schoolId: Types.ObjectId, classId: string, realtime: Realtime, now: Date): Promise<{ id: string }> {
  const deleted = await ClassModel.of(schoolId).findOneAndDelete({ _id: classId, schoolId });
  if (!deleted) throw notFound(NOT_FOUND);
  await classDeleted({ schoolId, classId, now, realtime });
  realtime.toSchool(schoolId.toHexString(), 'classes.deleted', { id: classId });
  return { id: classId };
}
