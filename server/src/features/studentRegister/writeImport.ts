import type { Types } from 'mongoose';
import { trusted } from '../../db/trusted';
import type { ImportPreview } from './import/importPreview';
import { compareKey } from './import/normalize';
import type { StudentValues } from './import/registerStudent';
import { RegisterStudentModel } from './model';

/** The stored fields of a student as a file row gives them; the class by its id. */
function storedValues(student: StudentValues, classIdOf: ReadonlyMap<string, Types.ObjectId>) {
  const { className, ...rest } = student;
  return { ...rest, classId: className ? (classIdOf.get(compareKey(className)) ?? null) : null };
}

/** Writes what a preview says: the new students in one insert, the changed in one bulk write, the chosen missing as left. Returns how many were marked as left. */
export async function writeImport(
  schoolId: Types.ObjectId,
  preview: ImportPreview,
  classIdOf: ReadonlyMap<string, Types.ObjectId>,
  left: { ids: readonly string[]; on: string },
): Promise<number> {
  const students = RegisterStudentModel.of(schoolId);
  if (preview.created.length > 0)
    await students.insertMany(
      preview.created.map(({ student }) => ({ schoolId, ...storedValues(student, classIdOf), contactNote: '', leftAt: null, version: 1 })),
    );
  if (preview.changed.length > 0)
    await students.bulkWrite(
      preview.changed.map(({ studentId, student }) => ({
        updateOne: {
          filter: { _id: studentId, schoolId },
          update: { $set: { ...storedValues(student, classIdOf), leftAt: null }, $inc: { version: 1 } },
        },
      })),
    );
  if (left.ids.length === 0) return 0;
  const { modifiedCount } = await students.updateMany(
    { _id: trusted({ $in: [...left.ids] }), schoolId, leftAt: null },
    { $set: { leftAt: left.on }, $inc: { version: 1 } },
  );
  return modifiedCount;
}
