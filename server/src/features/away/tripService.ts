import { Types } from 'mongoose';
import { AWAY_TEXTS, type Trip as TripDto, type UpdateTripBody } from '#protocol/away';
import { badRequest, conflict, editConflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { formatDayNo } from '#protocol/time';
import { audit } from '../audit/service';
import { auditTripEdit } from './tripAudit';
import { ClassModel } from '../classes/model';
import type { UserRecord } from '../../core/accounts/userModel';
import { Trip, type TripDoc } from './model';
import { trusted } from '../../db/trusted';
import { atCount, atVersion } from '../../db/counterFilter';
import { isDuplicateKey } from '../../db/duplicateKey';
import { changedAt } from '../../db/changedAt';
import { countNoun } from '#protocol/counting';

/**
 * Trips (away entries), DECISIONS.md: a trip is active from fromDate to toDate inclusive and
 * archived once toDate is before today; archived trips are not edited or deleted. Two admins saving
 * at once both keep what they saved: each write is one atomic change of one trip (an update
 * operator, or a version or state in its filter), on MongoDB as on the embedded engine.
 */

/** The trip's links to the register that count: those of names on it, the last for a name. */
function linksOf(trip: Pick<TripDoc, 'studentNames' | 'studentLinks'>): Map<string, string> {
  const names = new Set(trip.studentNames);
  return new Map((trip.studentLinks ?? []).filter((l) => l.name && names.has(l.name)).map((l) => [l.name!, String(l.studentId)]));
}

/** Links as stored, from names and ids. */
const storedLinks = (links: Map<string, string>) => [...links].map(([name, id]) => ({ name, studentId: new Types.ObjectId(id) }));

export function presentTrip(trip: TripDoc): TripDto {
  const classIds = trip.classIds.map((id) => id.toHexString());
  const links = linksOf(trip);
  return {
    id: trip._id.toHexString(),
    schoolId: trip.schoolId.toHexString(),
    fromDate: trip.fromDate,
    toDate: trip.toDate,
    studentNames: trip.studentNames,
    classIds,
    updatedAt: changedAt(trip),
    ...(trip.name ? { name: trip.name } : {}),
    ...(links.size > 0 ? { studentIds: Object.fromEntries(links) } : {}),
    version: trip.version ?? 0,
    studentNamesJSON: JSON.stringify(trip.studentNames),
    classIdsJSON: JSON.stringify(classIds),
  };
}

export async function listTrips(schoolId: Types.ObjectId): Promise<TripDto[]> {
  const trips = await Trip.of(schoolId).find({ schoolId }).lean<TripDoc[]>();
  return trips.map(presentTrip).sort((a, b) => b.fromDate.localeCompare(a.fromDate) || b.updatedAt.localeCompare(a.updatedAt));
}

async function assertClassesOfSchool(schoolId: Types.ObjectId, classIds: string[]): Promise<void> {
  const unique = [...new Set(classIds)];
  if ((await ClassModel.of(schoolId).countDocuments({ schoolId, _id: trusted({ $in: unique }) })) !== unique.length)
    throw badRequest(AWAY_TEXTS.unknownClass);
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

/**
 * Adds students and classes to the trip with exactly these dates, or starts one. Named ('Skitur
 * Hemsedal'): to the trip with these dates and that name; without a name: to any trip with these
 * dates (the spec's add, as before names), else a trip without one.
 */
export async function addToTrip(
  schoolId: Types.ObjectId,
  range: { fromDate: string; toDate: string; tripName?: string },
  add: { studentNames?: string[]; classIds?: string[]; studentIds?: Record<string, string> },
  realtime: Realtime,
): Promise<TripDto> {
  const links = storedLinks(new Map(Object.entries(add.studentIds ?? {}).filter(([name]) => add.studentNames?.includes(name))));
  if (add.classIds?.length) await assertClassesOfSchool(schoolId, add.classIds);
  const name = range.tripName || undefined;
  // One atomic write, so adds made at once all stay. A first add makes the trip under its dates'
  // (and name's) unique key; of two first adds at once, the other finds that key taken and adds to the trip.
  const addTo = () =>
    Trip.of(schoolId)
      .findOneAndUpdate(
        { schoolId, fromDate: range.fromDate, toDate: range.toDate, ...(name ? { name } : {}) },
        {
          $addToSet: {
            studentNames: { $each: add.studentNames ?? [] },
            classIds: { $each: add.classIds ?? [] },
            studentLinks: { $each: links },
          },
          $inc: { version: 1 },
          $setOnInsert: { datesKey: [range.fromDate, range.toDate, ...(name ? [name] : [])].join('/') },
        },
        { upsert: true, new: true },
      )
      .lean<TripDoc>();
  const trip = await addTo().catch((err: unknown) => (isDuplicateKey(err) ? addTo() : Promise.reject(err)));
  return emitSaved(realtime, trip!);
}

/**
 * Removes a student or class from every trip not ended before `notEndedBefore`; a trip left empty
 * is deleted. Answers the dates of the trips it was taken off.
 */
export async function removeFromTrips(
  schoolId: Types.ObjectId,
  remove: { studentName?: string; classId?: string },
  notEndedBefore: string,
  realtime: Realtime,
): Promise<Array<{ fromDate: string; toDate: string }>> {
  const removedFrom: Array<{ fromDate: string; toDate: string }> = [];
  const match = remove.studentName !== undefined ? { studentNames: remove.studentName } : { classIds: remove.classId };
  const trips = await Trip.of(schoolId)
    .find({ schoolId, toDate: trusted({ $gte: notEndedBefore }), ...match }, { _id: 1 })
    .lean<TripDoc[]>();
  for (const { _id } of trips) {
    const updated = await Trip.of(schoolId)
      .findOneAndUpdate({ _id }, { $pull: match, $inc: { version: 1 } }, { new: true })
      .lean<TripDoc>();
    if (!updated) continue;
    removedFrom.push({ fromDate: updated.fromDate, toDate: updated.toDate });
    // Deleted only as it was left empty: a student added meanwhile keeps the trip.
    const emptied =
      updated.studentNames.length === 0 &&
      updated.classIds.length === 0 &&
      (await Trip.of(schoolId).deleteOne({ _id, version: updated.version })).deletedCount === 1;
    if (emptied) {
      realtime.toSchool(schoolId.toHexString(), 'trips.deleted', { id: _id.toHexString() });
    } else {
      const latest =
        updated.studentNames.length || updated.classIds.length ? updated : await Trip.of(schoolId).findById(_id).lean<TripDoc>();
      if (latest) emitSaved(realtime, latest);
    }
  }
  return removedFrom;
}

type TripEdit = { fromDate: string; toDate: string; studentNames: string[]; classIds: string[]; name?: string };

function sameTrip(trip: TripDoc, edit: TripEdit): boolean {
  const sorted = (list: string[]) => JSON.stringify([...list].sort());
  return (
    (edit.name === undefined || (trip.name ?? '') === edit.name) &&
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
  actor: UserRecord,
  schoolId: Types.ObjectId,
  id: string,
  body: UpdateTripBody,
  baseVersion: number | undefined,
  today: string,
  realtime: Realtime,
): Promise<TripDto> {
  const studentNames = [...new Set(body.studentNames)];
  const classIds = [...new Set(body.classIds)];
  if (studentNames.length === 0 && classIds.length === 0) throw badRequest(AWAY_TEXTS.emptyTrip);
  const before = await findEditableTrip(schoolId, id, today);
  await assertClassesOfSchool(schoolId, classIds);
  const fields = { fromDate: body.fromDate, toDate: body.toDate, studentNames, classIds };
  const edit: TripEdit = { ...fields, ...(body.tripName === undefined ? {} : { name: body.tripName }) };
  // The register's links: as sent, or (the spec's body has none) those of the names the trip keeps.
  const links = body.studentIds ? new Map(Object.entries(body.studentIds)) : linksOf(before);
  const kept = new Map([...links].filter(([name]) => studentNames.includes(name)));
  // The name: left out, kept; blank, taken away.
  const $set: Partial<TripEdit> & { studentLinks?: ReturnType<typeof storedLinks> } = { ...fields, studentLinks: storedLinks(kept) };
  const $unset: Record<string, ''> = { datesKey: '' };
  if (body.tripName) $set.name = body.tripName;
  else if (body.tripName === '') $unset.name = '';
  const trip = await Trip.of(schoolId)
    // An edited trip no longer holds its first dates' key: its dates may change, and another trip may take them.
    .findOneAndUpdate({ _id: id, schoolId, ...atVersion(baseVersion) }, { $set, $unset, $inc: { version: 1 } }, { new: true })
    .lean<TripDoc>();
  if (trip) {
    await auditTripEdit(actor, schoolId, trip._id, presentTrip(before), presentTrip(trip));
    return emitSaved(realtime, trip);
  }
  // Changed since this edit was opened: taken only if it already says the same. Removed meanwhile: not found.
  const now = await Trip.of(schoolId).findOne({ _id: id, schoolId }).lean<TripDoc>();
  if (!now) throw notFound(AWAY_TEXTS.tripNotFound);
  if (sameTrip(now, edit)) return presentTrip(now);
  throw editConflict(AWAY_TEXTS.conflict, presentTrip(now));
}

export async function deleteTrip(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  id: string,
  today: string,
  realtime: Realtime,
): Promise<{ id: string }> {
  // The trip as it was deleted (not as read before), and only while it is not archived.
  const trip = await Trip.of(schoolId)
    .findOneAndDelete({ _id: id, schoolId, toDate: trusted({ $gte: today }) })
    .lean<TripDoc>();
  if (!trip) {
    // Says which: not there, or archived.
    await findEditableTrip(schoolId, id, today);
    throw notFound(AWAY_TEXTS.tripNotFound);
  }
  // Counts, never names: the trail is kept as it is, and a student's erasure must not have to rewrite it.
  const who = [
    countNoun(trip.studentNames.length, 'elev', 'elever'),
    ...(trip.classIds.length ? [countNoun(trip.classIds.length, 'klasse', 'klasser')] : []),
  ].join(', ');
  await audit(actor, 'trip.removed', {
    id,
    name: `fra ${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}`,
    schoolId,
    detail: who,
  });
  realtime.toSchool(schoolId.toHexString(), 'trips.deleted', { id });
  return { id };
}

/**
 * A register student renamed (issue 46): every trip that holds them by their id says the new name
 * (on its list and in its link), live. A trip changed meanwhile is read again. Answers how many changed.
 */
export async function renameLinkedTraveller(
  schoolId: Types.ObjectId,
  studentId: string,
  name: string,
  realtime: Realtime,
): Promise<number> {
  const trips = Trip.of(schoolId);
  const linked = (await trips.find({ schoolId }).lean<TripDoc[]>()).filter((trip) => [...linksOf(trip).values()].includes(studentId));
  let renamed = 0;
  for (const { _id } of linked) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const trip = await trips.findOne({ _id }).lean<TripDoc>();
      const links = trip ? linksOf(trip) : new Map<string, string>();
      const oldName = [...links].find(([, id]) => id === studentId)?.[0];
      if (!trip || oldName === undefined) break;
      links.delete(oldName);
      links.set(name, studentId);
      const studentNames = [...new Set(trip.studentNames.map((n) => (n === oldName ? name : n)))];
      const updated = await trips
        .findOneAndUpdate(
          { _id, version: atCount(trip.version) },
          { $set: { studentNames, studentLinks: storedLinks(links) }, $inc: { version: 1 } },
          { new: true },
        )
        .lean<TripDoc>();
      if (!updated) continue;
      emitSaved(realtime, updated);
      renamed += 1;
      break;
    }
  }
  return renamed;
}

/** Links names on a trip to the register's students (issue 46), where they have no link yet. Answers how many were linked. */
export async function linkTravellers(
  schoolId: Types.ObjectId,
  tripId: Types.ObjectId,
  links: ReadonlyMap<string, string>,
  realtime: Realtime,
): Promise<number> {
  const trips = Trip.of(schoolId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const trip = await trips.findOne({ _id: tripId }).lean<TripDoc>();
    if (!trip) return 0;
    const current = linksOf(trip);
    const added = trip.studentNames.filter((name) => !current.has(name) && links.has(name));
    if (added.length === 0) return 0;
    for (const name of added) current.set(name, links.get(name)!);
    const updated = await trips
      .findOneAndUpdate(
        { _id: tripId, version: atCount(trip.version) },
        { $set: { studentLinks: storedLinks(current) }, $inc: { version: 1 } },
        { new: true },
      )
      .lean<TripDoc>();
    if (!updated) continue;
    emitSaved(realtime, updated);
    return added.length;
  }
  return 0;
}
