import type { Types } from 'mongoose';
import type { Away } from '#protocol/away';
import { ClassModel } from '../classes/model';
import type { Realtime } from '../../realtime/realtime';
import { Trip, type TripDoc } from './model';
import { removeFromTrips } from './tripService';
import { trusted } from '../../db/trusted';
import { compareNorwegian, compareNorwegianNumeric } from '#protocol/collation';
import { schoolData } from '../../cache/areas';
import { readThrough } from '../../cache/readThrough';

/** The trips under way on a day, kept in memory until the school's trips change (shared: read-only). */
export function activeTrips(schoolId: Types.ObjectId, day: string): Promise<readonly TripDoc[]> {
  return readThrough(schoolData(schoolId, Trip.modelName), `active:${day}`, () =>
    Trip.of(schoolId)
      .find({ schoolId, fromDate: trusted({ $lte: day }), toDate: trusted({ $gte: day }) })
      .lean<TripDoc[]>(),
  );
}

/** Who is away on a day: individual students with their return date, and classes by name; kept until trips or classes change. */
export function getAway(schoolId: Types.ObjectId, day: string): Promise<Away> {
  return readThrough(schoolData(schoolId, Trip.modelName), `away:${day}`, () => readAway(schoolId, day), {
    alsoFrom: [schoolData(schoolId, ClassModel.modelName)],
  });
}

/** Where a student or class is on a day: the last return date of their trips, and that trip's name. */
type Stay = { returnDate: string; tripName?: string };

function later(stay: Stay | undefined, trip: TripDoc): Stay {
  const kept = stay && (stay.returnDate > trip.toDate || (stay.returnDate === trip.toDate && (!!stay.tripName || !trip.name)));
  return kept ? stay : { returnDate: trip.toDate, ...(trip.name ? { tripName: trip.name } : {}) };
}

async function readAway(schoolId: Types.ObjectId, day: string): Promise<Away> {
  const trips = await activeTrips(schoolId, day);
  // Maps, not plain objects: a student may be called '__proto__' or 'constructor'.
  const studentStay = new Map<string, Stay>();
  const classStay = new Map<string, Stay>();
  for (const trip of trips) {
    for (const name of trip.studentNames) studentStay.set(name, later(studentStay.get(name), trip));
    for (const id of trip.classIds) classStay.set(id.toHexString(), later(classStay.get(id.toHexString()), trip));
  }
  const names = [...studentStay.keys()].sort((a, b) => compareNorwegian(a, b));
  const classIds = [...classStay.keys()].sort();
  const classes = classIds.length
    ? await ClassModel.of(schoolId)
        .find({ schoolId, _id: trusted({ $in: classIds }) })
        .lean()
    : [];
  const named = names.filter((name) => studentStay.get(name)!.tripName);
  return {
    names,
    individualStudentNames: names,
    returnDates: Object.fromEntries(names.map((name) => [name, studentStay.get(name)!.returnDate])),
    classes: classes
      .map((c) => ({ id: c._id.toHexString(), className: c.className, ...classStay.get(c._id.toHexString())! }))
      .sort((a, b) => compareNorwegianNumeric(a.className, b.className)),
    ...(named.length ? { tripNames: Object.fromEntries(named.map((name) => [name, studentStay.get(name)!.tripName!])) } : {}),
  };
}

/** Who is away on a day as a report lists it: the students by name, then the classes by name (as the board shows them). */
export async function awayOnDay(schoolId: Types.ObjectId, day: string): Promise<string[]> {
  const away = await getAway(schoolId, day);
  return [...away.names, ...away.classes.map((c) => c.className)];
}

/** Class ids on a trip that day (the admin screen's 'Linjer på tur'). */
export async function awayClassIds(schoolId: Types.ObjectId, day: string): Promise<string[]> {
  const trips = await activeTrips(schoolId, day);
  return [...new Set(trips.flatMap((t) => t.classIds.map((id) => id.toHexString())))];
}

/** A deleted class leaves every trip of its school, archived ones too; a trip left empty goes. */
export async function removeClassFromTrips(schoolId: Types.ObjectId, classId: string, realtime: Realtime): Promise<void> {
  await removeFromTrips(schoolId, { classId }, '0000-01-01', realtime);
}
