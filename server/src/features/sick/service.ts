import type { Types } from 'mongoose';
import type { Sick } from '../../../../protocol/src/sickAndAway';
import { SickRecord } from './model';

export async function getSick(schoolId: Types.ObjectId, date: string): Promise<Sick> {
  const record = await SickRecord.findOne({ schoolId, date }).lean();
  const students = record?.students ?? [];
  return {
    names: students.map((s) => s.name),
    comment: record?.comment ?? '',
    studentComments: Object.fromEntries(students.filter((s) => s.comment).map((s) => [s.name, s.comment ?? ''])),
  };
}
