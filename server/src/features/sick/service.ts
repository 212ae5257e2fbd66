import type { Types } from 'mongoose';
import type { Sick } from '../../../../protocol/src/sickAndAway';
import type { Realtime } from '../../realtime/realtime';
import { SickRecord, type SickDoc } from './model';

type Student = { name: string; comment: string };

function present(record: Pick<SickDoc, 'students' | 'comment'> | null): Sick {
  const students = record?.students ?? [];
  return {
    names: students.map((s) => s.name),
    comment: record?.comment ?? '',
    studentComments: Object.fromEntries(students.filter((s) => s.comment).map((s) => [s.name, s.comment ?? ''])),
  };
}

export async function getSick(schoolId: Types.ObjectId, date: string): Promise<Sick> {
  return present(await SickRecord.findOne({ schoolId, date }).lean<SickDoc>());
}

async function saveStudents(schoolId: Types.ObjectId, date: string, students: Student[], realtime: Realtime): Promise<Sick> {
  const record = await SickRecord.findOneAndUpdate({ schoolId, date }, { $set: { students } }, { upsert: true, new: true }).lean<SickDoc>();
  const sick = present(record);
  realtime.toSchool(schoolId.toHexString(), 'sickLists.updated', { schoolId: schoolId.toHexString(), date, ...sick });
  return sick;
}

/** Adds a sick student to the date (names compare exactly after trimming); adding again updates the comment. */
export async function addSick(schoolId: Types.ObjectId, date: string, student: Student, realtime: Realtime): Promise<Sick> {
  const current = await SickRecord.findOne({ schoolId, date }).lean<SickDoc>();
  const students: Student[] = (current?.students ?? []).map((s) => ({ name: s.name, comment: s.comment ?? '' }));
  const existing = students.find((s) => s.name === student.name);
  if (existing) existing.comment = student.comment;
  else students.push(student);
  return saveStudents(schoolId, date, students, realtime);
}

/** Replaces the date's list (the admin screen removes a student this way). Duplicates collapse to the last. */
export async function replaceSick(schoolId: Types.ObjectId, date: string, students: Student[], realtime: Realtime): Promise<Sick> {
  const byName = new Map(students.map((s) => [s.name, s]));
  return saveStudents(schoolId, date, [...byName.values()], realtime);
}
