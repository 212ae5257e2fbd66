import type { Types } from 'mongoose';
import { atSchoolOn } from '#protocol/studentRegister';
import type { Tonight } from '#protocol/tonight';
import { activeTrips } from '../away/service';
import { SickRecord, type SickDoc } from '../sick/model';
import { RegisterStudentModel, type RegisterStudentDoc } from './model';
import { classNamesOf } from './present';
import { tonightList, type DayLists } from './tonightList';

/** Who the day's away and sick lists hold: by name, by the register's id, and classes by id. */
async function dayLists(schoolId: Types.ObjectId, date: string): Promise<DayLists> {
  const [trips, sick] = await Promise.all([
    activeTrips(schoolId, date),
    SickRecord.of(schoolId).findOne({ schoolId, date }, { students: 1 }).lean<SickDoc>(),
  ]);
  const awayNames = new Set(trips.flatMap((trip) => trip.studentNames));
  const awayIds = new Set(
    trips.flatMap((trip) =>
      (trip.studentLinks ?? []).filter((link) => link.name && trip.studentNames.includes(link.name)).map((link) => String(link.studentId)),
    ),
  );
  const awayClassIds = new Set(trips.flatMap((trip) => trip.classIds.map((classId) => classId.toHexString())));
  const students = sick?.students ?? [];
  return {
    awayNames,
    awayIds,
    awayClassIds,
    sickNames: new Set(students.map((s) => s.name)),
    sickIds: new Set(students.flatMap((s) => (s.studentId ? [s.studentId.toString()] : []))),
  };
}

/** Tonight's list for a report day (issue 47): the boarders expected in the house (or all), the sick marked. */
export async function tonightOf(schoolId: Types.ObjectId, date: string, house: string | undefined): Promise<Tonight> {
  const [docs, classNames, lists] = await Promise.all([
    RegisterStudentModel.of(schoolId).find({ schoolId, boarder: true }).lean<RegisterStudentDoc[]>(),
    classNamesOf(schoolId),
    dayLists(schoolId, date),
  ]);
  const boarders = docs
    .filter((doc) => atSchoolOn(doc, date))
    .map((doc) => {
      const classId = doc.classId && classNames.has(doc.classId.toHexString()) ? doc.classId.toHexString() : null;
      return {
        id: doc._id.toHexString(),
        firstName: doc.firstName,
        lastName: doc.lastName,
        classId,
        className: (classId && classNames.get(classId)) ?? '',
        house: doc.house ?? '',
        room: doc.room ?? '',
        boarder: doc.boarder ?? true,
      };
    });
  return tonightList(date, boarders, lists, house);
}
