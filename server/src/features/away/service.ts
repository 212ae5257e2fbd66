import type { Types } from 'mongoose';
import type { Away } from '../../../../protocol/src/sickAndAway';
import { ClassModel } from '../classes/model';
import { Trip, type TripDoc } from './model';

export function activeTrips(schoolId: Types.ObjectId, day: string): Promise<TripDoc[]> {
  return Trip.find({ schoolId, fromDate: { $lte: day }, toDate: { $gte: day } }).lean<TripDoc[]>();
}

/** Who is away on a day: individual students with their return date, and classes by name. */
export async function getAway(schoolId: Types.ObjectId, day: string): Promise<Away> {
  const trips = await activeTrips(schoolId, day);
  const returnDates: Record<string, string> = {};
  const classReturn = new Map<string, string>();
  for (const trip of trips) {
    for (const name of trip.studentNames) returnDates[name] = maxDay(returnDates[name], trip.toDate);
    for (const id of trip.classIds) classReturn.set(id.toHexString(), maxDay(classReturn.get(id.toHexString()), trip.toDate));
  }
  const names = Object.keys(returnDates).sort((a, b) => a.localeCompare(b, 'nb'));
  const classes = await ClassModel.find({ schoolId, _id: { $in: [...classReturn.keys()] } }).lean();
  return {
    names,
    individualStudentNames: names,
    returnDates,
    classes: classes
      .map((c) => ({ id: c._id.toHexString(), className: c.className, returnDate: classReturn.get(c._id.toHexString())! }))
      .sort((a, b) => a.className.localeCompare(b.className, 'nb', { numeric: true })),
  };
}

function maxDay(a: string | undefined, b: string): string {
  return a && a > b ? a : b;
}

/** A deleted class leaves every trip of its school; a trip left empty goes too. */
export async function removeClassFromTrips(schoolId: Types.ObjectId, classId: string): Promise<void> {
  await Trip.updateMany({ schoolId, classIds: classId }, { $pull: { classIds: classId } });
  await Trip.deleteMany({ schoolId, classIds: { $size: 0 }, studentNames: { $size: 0 } });
}
