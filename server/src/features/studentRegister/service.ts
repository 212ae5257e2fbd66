import type { Types } from 'mongoose';
import { compareNames } from '#protocol/collation';
import {
  atSchoolOn,
  REGISTER_TEXTS,
  registerName,
  type EditRegisterStudentBody,
  type NewRegisterStudent,
  type RegisterEntry,
  type RegisterStudentRecord,
} from '#protocol/studentRegister';
import { osloDay } from '#protocol/time';
import { atVersion } from '../../db/counterFilter';
import { trusted } from '../../db/trusted';
import { badRequest, conflict, editConflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { ClassModel } from '../classes/model';
import { audit } from '../audit/service';
import { RegisterStudentModel, type RegisterStudentDoc } from './model';
import { classNamesOf, presentEntry, presentStudent, type ClassNames } from './present';
import { describeChanges } from './describeChanges';
import { renameOnLists } from './renameOnLists';

const byName = (a: RegisterStudentDoc, b: RegisterStudentDoc) =>
  compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName);

async function studentsOf(schoolId: Types.ObjectId): Promise<RegisterStudentDoc[]> {
  const docs = await RegisterStudentModel.of(schoolId).find({ schoolId }).lean<RegisterStudentDoc[]>();
  return docs.sort(byName);
}

/** The students at the school today, as every reader of the register sees them. */
export async function listRegisterEntries(schoolId: Types.ObjectId, now: Date): Promise<RegisterEntry[]> {
  const [docs, classNames] = await Promise.all([studentsOf(schoolId), classNamesOf(schoolId)]);
  const today = osloDay(now);
  return docs.filter((doc) => atSchoolOn(doc, today)).map((doc) => presentEntry(doc, classNames));
}

/** The register as the office keeps it; those who have left only when asked for. */
export async function listRegisterStudents(schoolId: Types.ObjectId, now: Date, includeLeft: boolean): Promise<RegisterStudentRecord[]> {
  const [docs, classNames] = await Promise.all([studentsOf(schoolId), classNamesOf(schoolId)]);
  const today = osloDay(now);
  return docs.filter((doc) => includeLeft || atSchoolOn(doc, today)).map((doc) => presentStudent(doc, classNames));
}

async function checkClass(schoolId: Types.ObjectId, classId: string | null | undefined): Promise<void> {
  if (classId && !(await ClassModel.of(schoolId).exists({ _id: classId, schoolId }))) throw badRequest(REGISTER_TEXTS.unknownClass);
}

async function checkExternalId(schoolId: Types.ObjectId, externalId: string | undefined, ownId?: string): Promise<void> {
  if (!externalId) return;
  const other = ownId ? { _id: trusted({ $ne: ownId }) } : {};
  if (await RegisterStudentModel.of(schoolId).exists({ schoolId, externalId, ...other }))
    throw conflict(REGISTER_TEXTS.duplicateExternalId);
}

/** Tells every open screen of the school: the lists see the entry (or lose it), the office the whole record. */
export function announceStudent(realtime: Realtime, doc: RegisterStudentDoc, classNames: ClassNames, now: Date): RegisterStudentRecord {
  const school = doc.schoolId.toHexString();
  if (atSchoolOn(doc, osloDay(now))) realtime.toSchool(school, 'registerEntries.saved', presentEntry(doc, classNames));
  else realtime.toSchool(school, 'registerEntries.removed', { id: doc._id.toHexString() });
  const record = presentStudent(doc, classNames);
  realtime.toSchool(school, 'registerStudents.saved', record);
  return record;
}

export async function addRegisterStudent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  body: NewRegisterStudent,
  realtime: Realtime,
  now: Date,
): Promise<RegisterStudentRecord> {
  await checkClass(schoolId, body.classId);
  await checkExternalId(schoolId, body.externalId);
  const created = (
    await RegisterStudentModel.insert(schoolId, { schoolId, ...body, classId: body.classId ?? null, leftAt: null, version: 1 })
  ).toObject() as RegisterStudentDoc;
  await audit(actor, 'register.added', { id: created._id, name: registerName(created), schoolId });
  return announceStudent(realtime, created, await classNamesOf(schoolId), now);
}

async function changeStudent(
  schoolId: Types.ObjectId,
  studentId: string,
  baseVersion: number | undefined,
  set: Record<string, unknown>,
): Promise<{ before: RegisterStudentDoc; after: RegisterStudentDoc }> {
  const students = RegisterStudentModel.of(schoolId);
  const before = await students.findOne({ _id: studentId, schoolId }).lean<RegisterStudentDoc>();
  if (!before) throw notFound(REGISTER_TEXTS.notFound);
  const after = await students
    .findOneAndUpdate({ _id: studentId, schoolId, ...atVersion(baseVersion) }, { $set: set, $inc: { version: 1 } }, { new: true })
    .lean<RegisterStudentDoc>();
  if (after) return { before, after };
  const current = await students.findOne({ _id: studentId, schoolId }).lean<RegisterStudentDoc>();
  if (!current) throw notFound(REGISTER_TEXTS.notFound);
  throw editConflict(REGISTER_TEXTS.changed, presentStudent(current, await classNamesOf(schoolId)));
}

/** Changes the fields sent (a move of room sends house and room); with baseVersion, never over a newer change. */
export async function editRegisterStudent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  studentId: string,
  body: EditRegisterStudentBody,
  realtime: Realtime,
  now: Date,
): Promise<RegisterStudentRecord> {
  const { baseVersion, ...fields } = body;
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  await checkClass(schoolId, fields.classId);
  await checkExternalId(schoolId, fields.externalId, studentId);
  const { before, after } = await changeStudent(schoolId, studentId, baseVersion, set);
  const classNames = await classNamesOf(schoolId);
  const detail = describeChanges(before, after, classNames);
  if (detail) await audit(actor, 'register.changed', { id: studentId, name: registerName(after), schoolId, detail });
  // Renamed: the lists that hold them by their id say the new name.
  if (registerName(before) !== registerName(after)) await renameOnLists(schoolId, studentId, registerName(after), realtime);
  return announceStudent(realtime, after, classNames, now);
}

/** 'Sluttet': out of every list from that day on; kept until the school's retention period has passed. */
export async function leaveRegister(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  studentId: string,
  leftAt: string,
  realtime: Realtime,
  now: Date,
): Promise<RegisterStudentRecord> {
  const current = await RegisterStudentModel.of(schoolId).findOne({ _id: studentId, schoolId }, { leftAt: 1 }).lean<RegisterStudentDoc>();
  if (!current) throw notFound(REGISTER_TEXTS.notFound);
  if (current.leftAt) throw conflict(REGISTER_TEXTS.alreadyLeft);
  const { after } = await changeStudent(schoolId, studentId, undefined, { leftAt });
  await audit(actor, 'register.left', { id: studentId, name: registerName(after), schoolId, detail: leftAt });
  return announceStudent(realtime, after, await classNamesOf(schoolId), now);
}

/** Undoes 'Sluttet' (registered by mistake, or the student came back). */
export async function returnToRegister(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  studentId: string,
  realtime: Realtime,
  now: Date,
): Promise<RegisterStudentRecord> {
  const current = await RegisterStudentModel.of(schoolId).findOne({ _id: studentId, schoolId }, { leftAt: 1 }).lean<RegisterStudentDoc>();
  if (!current) throw notFound(REGISTER_TEXTS.notFound);
  if (!current.leftAt) throw conflict(REGISTER_TEXTS.notLeft);
  const { after } = await changeStudent(schoolId, studentId, undefined, { leftAt: null });
  await audit(actor, 'register.returned', { id: studentId, name: registerName(after), schoolId });
  return announceStudent(realtime, after, await classNamesOf(schoolId), now);
}
