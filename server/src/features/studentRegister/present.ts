import type { Types } from 'mongoose';
import type { RegisterEntry, RegisterStudentRecord } from '#protocol/studentRegister';
import { changedAt } from '../../db/changedAt';
import { ClassModel } from '../classes/model';
import type { RegisterStudentDoc } from './model';

/** The school's class names by id, to name each student's class as it is called now. */
export type ClassNames = ReadonlyMap<string, string>;

export async function classNamesOf(schoolId: Types.ObjectId): Promise<ClassNames> {
  const classes = await ClassModel.of(schoolId).find({ schoolId }, { className: 1 }).lean<{ _id: Types.ObjectId; className: string }[]>();
  return new Map(classes.map((c) => [c._id.toHexString(), c.className]));
}

/** What a night round needs, and all that a Tilsynsvakt reads of the register. */
export function presentEntry(doc: RegisterStudentDoc, classNames: ClassNames): RegisterEntry {
  return {
    id: doc._id.toHexString(),
    firstName: doc.firstName,
    lastName: doc.lastName,
    // A class deleted since is no class.
    classId: doc.classId && classNames.has(doc.classId.toHexString()) ? doc.classId.toHexString() : null,
    className: (doc.classId && classNames.get(doc.classId.toHexString())) ?? '',
    house: doc.house ?? '',
    room: doc.room ?? '',
    updatedAt: changedAt(doc),
  };
}

export function presentStudent(doc: RegisterStudentDoc, classNames: ClassNames): RegisterStudentRecord {
  return {
    ...presentEntry(doc, classNames),
    schoolId: doc.schoolId.toHexString(),
    boarder: doc.boarder ?? true,
    externalId: doc.externalId ?? '',
    contactNote: doc.contactNote ?? '',
    leftAt: doc.leftAt ?? null,
    version: doc.version ?? 1,
  };
}
