import type { Types } from 'mongoose';
import { registerName } from '#protocol/studentRegister';
import type { StudentData } from '#protocol/students';
import { classNamesOf } from '../studentRegister/present';
import { RegisterStudentModel, type RegisterStudentDoc } from '../studentRegister/model';
import { SickRecord } from '../sick/model';
import { Trip } from '../away/model';

/**
 * The register's students of a name (issue 46), and the names their ids hold on lists: a student
 * chosen from the register is found on a sick list or a trip by id, whatever the name there says.
 */
export async function registerStudentsNamed(schoolId: Types.ObjectId, name: string) {
  const docs = (await RegisterStudentModel.of(schoolId).find({ schoolId }).lean<RegisterStudentDoc[]>()).filter(
    (doc) => registerName(doc) === name.trim(),
  );
  const ids = new Set(docs.map((doc) => doc._id.toHexString()));
  return { docs, ids };
}

/** What the register keeps about them, as the lookup shows it. */
export async function registerData(schoolId: Types.ObjectId, docs: readonly RegisterStudentDoc[]): Promise<StudentData['register']> {
  if (docs.length === 0) return [];
  const classNames = await classNamesOf(schoolId);
  return docs.map((doc) => ({
    className: (doc.classId && classNames.get(doc.classId.toHexString())) ?? '',
    house: doc.house ?? '',
    room: doc.room ?? '',
    boarder: doc.boarder ?? true,
    externalId: doc.externalId ?? '',
    contactNote: doc.contactNote ?? '',
    leftAt: doc.leftAt ?? null,
  }));
}

/** The names the ids are held under on sick lists and trips, besides `name` itself. */
export async function linkedNames(schoolId: Types.ObjectId, name: string, ids: ReadonlySet<string>): Promise<string[]> {
  if (ids.size === 0) return [];
  const [lists, trips] = await Promise.all([
    SickRecord.of(schoolId).find({ schoolId }, { students: 1 }).lean(),
    Trip.of(schoolId).find({ schoolId }, { studentLinks: 1 }).lean(),
  ]);
  const names = new Set<string>();
  for (const list of lists) for (const s of list.students) if (s.studentId && ids.has(s.studentId.toString())) names.add(s.name);
  for (const trip of trips)
    for (const link of trip.studentLinks ?? []) if (link.name && ids.has(String(link.studentId))) names.add(link.name);
  names.delete(name);
  return [...names];
}
