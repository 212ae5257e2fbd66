import type { Types } from 'mongoose';
import type { SchoolClass } from '#protocol/classes';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { classDeleted } from './classDeleted';
import { ClassModel, classNameKey, type ClassDoc } from './model';
import { compareNames } from '#protocol/collation';
import { unlessDuplicate } from '../../db/duplicateKey';
import { changedAt } from '../../db/changedAt';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
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

export async function createClass(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  className: string,
  realtime: Realtime,
): Promise<SchoolClass> {
  const nameKey = classNameKey(className);
  if (await ClassModel.of(schoolId).exists({ schoolId, nameKey })) throw conflict(DUPLICATE);
  const created: ClassDoc = await unlessDuplicate(
    async () => (await ClassModel.insert(schoolId, { schoolId, className: className.trim(), nameKey })).toObject(),
    () => {
      throw conflict(DUPLICATE);
    },
  );
  const presented = present(created);
  await audit(actor, 'class.created', { id: created._id, name: created.className, schoolId });
  realtime.toSchool(schoolId.toHexString(), 'classes.created', presented);
  return presented;
}

/**
 * A new name for the class (issue 45), unique in the school as a new class's is; a change of case
 * alone is the same class. What refers to the class holds its id, so every list follows.
 */
export async function renameClass(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  classId: string,
  className: string,
  realtime: Realtime,
): Promise<SchoolClass> {
  const nameKey = classNameKey(className);
  const classes = ClassModel.of(schoolId);
  if (await classes.exists({ schoolId, nameKey, _id: trusted({ $ne: classId }) })) throw conflict(DUPLICATE);
  const before = await classes.findOne({ _id: classId, schoolId }, { className: 1 }).lean<{ className: string }>();
  if (!before) throw notFound(NOT_FOUND);
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
  if (before.className !== renamed.className) {
    const detail = `«${before.className}» → «${renamed.className}»`;
    await audit(actor, 'class.renamed', { id: classId, name: renamed.className, schoolId, detail });
  }
  const presented = present(renamed);
  realtime.toSchool(schoolId.toHexString(), 'classes.updated', presented);
  return presented;
}

/** The class goes, and what refers to it follows (`classDeleted`: it leaves every trip). */
export async function deleteClass(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  classId: string,
  realtime: Realtime,
  now: Date,
): Promise<{ id: string }> {
  const deleted = await ClassModel.of(schoolId).findOneAndDelete({ _id: classId, schoolId });
  if (!deleted) throw notFound(NOT_FOUND);
  await audit(actor, 'class.deleted', { id: classId, name: deleted.className, schoolId });
  await classDeleted({ schoolId, classId, now, realtime });
  realtime.toSchool(schoolId.toHexString(), 'classes.deleted', { id: classId });
  return { id: classId };
}
