import type { Types } from 'mongoose';
import { AWAY_TEXTS, type Trip as TripDto, type UpdateTripBody } from '#protocol/away';
import { withListLock } from '../../db/listLock';
import { badRequest, conflict, editConflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { formatDayNo } from '#protocol/time';
import { audit } from '../audit/service';
import { ClassModel } from '../classes/model';
import type { UserDoc } from '../users/model';
import { Trip, type TripDoc } from './model';
import { trusted } from '../../db/trusted';
import { atCount } from '../../db/counterFilter';

/**
 * Trips (away entries), DECISIONS.md: a trip is active from fromDate to toDate inclusive and
 * archived once toDate is before today; archived trips are not edited or deleted. Every write holds
 * the school's trip lock: adding to a trip, removing from every trip and editing read before they
 * write, and two admins saving at once must both keep what they saved.
 */
function tripsLock<T>(schoolId: Types.ObjectId, change: () => Promise<T>): Promise<T> {
  return withListLock(`trips:${schoolId.toHexString()}`, change);
}

export function presentTrip(trip: TripDoc): TripDto {
  return {
    id: trip._id.toHexString(),
    schoolId: trip.schoolId.toHexString(),
    fromDate: trip.fromDate,
    toDate: trip.toDate,
    studentNames: trip.studentNames,
    classIds: trip.classIds.map((id) => id.toHexString()),
    updatedAt: (trip.updatedAt ?? new Date()).toISOString(),
    version: trip.version ?? 0,
  };
}

export async function listTrips(schoolId: Types.ObjectId): Promise<TripDto[]> {
  const trips = await Trip.of(schoolId).find({ schoolId }).lean<TripDoc[]>();
  return trips.map(presentTrip).sort((a, b) => b.fromDate.localeCompare(a.fromDate) || b.updatedAt.localeCompare(a.updatedAt));
}

async function assertClassesOfSchool(schoolId: Types.ObjectId, classIds: string[]): Promise<void> {
  const unique = [...new Set(classIds)];
  if ((await ClassModel.of(schoolId).countDocuments({ schoolId, _id: trusted({ $in: unique }) })) !== unique.length) throw badRequest(AWAY_TEXTS.unknownClass);
}

/** A class named in the path: another school's class (or a deleted one) is not found. */
export async function assertClassOfSchool(schoolId: Types.ObjectId, classId: string): Promise<void> {
  if (!(await ClassModel.of(schoolId).exists({ _id: classId, schoolId }))) throw notFound(AWAY_TEXTS.unknownClass);
}

function emitSaved(realtime: Realtime, trip: TripDoc): TripDto {
  const presented = presentTrip(trip);
  realtime.toSchool(trip.schoolId.toHexString(), 'trips.saved', presented);
  return presented;
}

/** Adds students and classes to the trip with exactly these dates, or starts one. */
export async function addToTrip(
  schoolId: Types.ObjectId,
  range: { fromDate: string; toDate: string },
  add: { studentNames?: string[]; classIds?: string[] },
  realtime: Realtime,
): Promise<TripDto> {
  if (add.classIds?.length) await assertClassesOfSchool(schoolId, add.classIds);
  return tripsLock(schoolId, async () => {
    const trip = await Trip.of(schoolId).findOneAndUpdate(
      { schoolId, fromDate: range.fromDate, toDate: range.toDate },
      { $addToSet: { studentNames: { $each: add.studentNames ?? [] }, classIds: { $each: add.classIds ?? [] } }, $inc: { version: 1 } },
      { upsert: true, new: true },
    ).lean<TripDoc>();
    return emitSaved(realtime, trip!);
  });
}

/** Removes a student or class from every trip not ended before `notEndedBefore`; a trip left empty is deleted. */
export async function removeFromTrips(
  schoolId: Types.ObjectId,
  remove: { studentName?: string; classId?: string },
  notEndedBefore: string,
  realtime: Realtime,
): Promise<void> {
  const match = remove.studentName !== undefined ? { studentNames: remove.studentName } : { classIds: remove.classId };
  await tripsLock(schoolId, async () => {
    const trips = await Trip.of(schoolId).find({ schoolId, toDate: trusted({ $gte: notEndedBefore }), ...match }).lean<TripDoc[]>();
    for (const trip of trips) {
      const updated = await Trip.of(schoolId).findOneAndUpdate({ _id: trip._id }, { $pull: match, $inc: { version: 1 } }, { new: true }).lean<TripDoc>();
      if (!updated) continue;
      if (updated.studentNames.length === 0 && updated.classIds.length === 0) {
        await Trip.of(schoolId).deleteOne({ _id: updated._id });
        realtime.toSchool(schoolId.toHexString(), 'trips.deleted', { id: updated._id.toHexString() });
      } else {
        emitSaved(realtime, updated);
      }
    }
  });
}

function sameTrip(trip: TripDoc, edit: { fromDate: string; toDate: string; studentNames: string[]; classIds: string[] }): boolean {
  const sorted = (list: string[]) => JSON.stringify([...list].sort());
  return (
    trip.fromDate === edit.fromDate &&
    trip.toDate === edit.toDate &&
    sorted(trip.studentNames) === sorted(edit.studentNames) &&
    sorted(trip.classIds.map((c) => c.toHexString())) === sorted(edit.classIds)
  );
}

async function findEditableTrip(schoolId: Types.ObjectId, id: string, today: string): Promise<TripDoc> {
  const trip = await Trip.of(schoolId).findOne({ _id: id, schoolId }).lean<TripDoc>();
  if (!trip) throw notFound(AWAY_TEXTS.tripNotFound);
  if (trip.toDate < today) throw conflict(AWAY_TEXTS.archived);
  return trip;
}

export async function updateTrip(
  schoolId: Types.ObjectId,
  id: string,
  body: UpdateTripBody,
  today: string,
  realtime: Realtime,
): Promise<TripDto> {
  const studentNames = [...new Set(body.studentNames)];
  const classIds = [...new Set(body.classIds)];
  if (studentNames.length === 0 && classIds.length === 0) throw badRequest(AWAY_TEXTS.emptyTrip);
  return tripsLock(schoolId, async () => {
    const current = await findEditableTrip(schoolId, id, today);
    await assertClassesOfSchool(schoolId, classIds);
    const edit = { fromDate: body.fromDate, toDate: body.toDate, studentNames, classIds };
    const trip = await Trip.of(schoolId)
      .findOneAndUpdate({ _id: id, schoolId, version: atCount(body.baseVersion) }, { $set: edit, $inc: { version: 1 } }, { new: true })
      .lean<TripDoc>();
    if (trip) return emitSaved(realtime, trip);
    // Changed since this edit was opened: taken only if it already says the same.
    const now = (await Trip.of(schoolId).findOne({ _id: id, schoolId }).lean<TripDoc>()) ?? current;
    if (sameTrip(now, edit)) return presentTrip(now);
    throw editConflict(AWAY_TEXTS.conflict, presentTrip(now));
  });
}

export async function deleteTrip(actor: UserDoc, schoolId: Types.ObjectId, id: string, today: string, realtime: Realtime): Promise<{ id: string }> {
  return tripsLock(schoolId, async () => {
    const trip = await findEditableTrip(schoolId, id, today);
    await Trip.of(schoolId).deleteOne({ _id: id, schoolId });
    // Counts, never names: the trail is kept as it is, and a student's erasure must not have to rewrite it.
    const who = [`${trip.studentNames.length} elev(er)`, ...(trip.classIds.length ? [`${trip.classIds.length} linje(r)`] : [])].join(', ');
    await audit(actor, 'trip.removed', { id, name: `fra ${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}`, schoolId, detail: who });
    realtime.toSchool(schoolId.toHexString(), 'trips.deleted', { id });
    return { id };
  });
}
