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

const DUPLICATE = 'Det finnes allerede en klasse med dette navnet';

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

/** The class goes, and what refers to it follows (`classDeleted`: it leaves every trip). */
export async function deleteClass(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  classId: string,
  realtime: Realtime,
  now: Date,
): Promise<{ id: string }> {
  const deleted = await ClassModel.of(schoolId).findOneAndDelete({ _id: classId, schoolId });
  if (!deleted) throw notFound('Fant ikke klassen');
  await audit(actor, 'class.deleted', { id: classId, name: deleted.className, schoolId });
  await classDeleted({ schoolId, classId, now, realtime });
  realtime.toSchool(schoolId.toHexString(), 'classes.deleted', { id: classId });
  return { id: classId };
}
