import type { Types } from 'mongoose';
import type { LinkProposal } from '#protocol/studentRegister';
import { registerName } from '#protocol/studentRegister';
import type { Realtime } from '../../realtime/realtime';
import { Trip, type TripDoc } from '../away/model';
import { linkTravellers } from '../away/tripService';
import { SickRecord, type SickDoc } from '../sick/model';
import { linkSickStudents } from '../sick/service';
import { RegisterStudentModel, type RegisterStudentDoc } from './model';

/** The register's students by their full name, for names only one of them has (two of a name are never guessed between). */
async function uniqueNames(schoolId: Types.ObjectId): Promise<Map<string, RegisterStudentDoc>> {
  const docs = await RegisterStudentModel.of(schoolId).find({ schoolId }).lean<RegisterStudentDoc[]>();
  const byName = new Map<string, RegisterStudentDoc[]>();
  for (const doc of docs) byName.set(registerName(doc), [...(byName.get(registerName(doc)) ?? []), doc]);
  return new Map([...byName].filter(([, same]) => same.length === 1).map(([name, [doc]]) => [name, doc!]));
}

const linkedNamesOf = (trip: TripDoc) => new Set((trip.studentLinks ?? []).map((link) => link.name));

/**
 * Names on sick lists and trips from before the register (typed, not chosen) that are exactly the
 * name of one register student: proposed as that student, for the Admin to look over. Nothing is written.
 */
export async function proposeLinks(schoolId: Types.ObjectId): Promise<LinkProposal[]> {
  const [named, lists, trips] = await Promise.all([
    uniqueNames(schoolId),
    SickRecord.of(schoolId).find({ schoolId }, { date: 1, students: 1 }).lean<SickDoc[]>(),
    Trip.of(schoolId).find({ schoolId }).lean<TripDoc[]>(),
  ]);
  const proposals: LinkProposal[] = [];
  for (const list of lists)
    for (const s of list.students) {
      const doc = !s.studentId && named.get(s.name);
      if (doc) proposals.push({ kind: 'sick', on: list.date, until: list.date, name: s.name, studentId: doc._id.toHexString() });
    }
  for (const trip of trips) {
    const linked = linkedNamesOf(trip);
    for (const name of trip.studentNames) {
      const doc = !linked.has(name) && named.get(name);
      if (doc) proposals.push({ kind: 'trip', on: trip.fromDate, until: trip.toDate, name, studentId: doc._id.toHexString() });
    }
  }
  return proposals.sort((a, b) => a.on.localeCompare(b.on) || a.name.localeCompare(b.name));
}

/** Links every proposal that still holds (the lists may have changed since the preview): how many entries were linked. */
export async function applyLinks(schoolId: Types.ObjectId, realtime: Realtime): Promise<number> {
  const named = await uniqueNames(schoolId);
  const links = new Map([...named].map(([name, doc]) => [name, doc._id.toHexString()]));
  let linked = 0;
  const lists = await SickRecord.of(schoolId).find({ schoolId }, { date: 1, students: 1 }).lean<SickDoc[]>();
  for (const list of lists)
    if (list.students.some((s) => !s.studentId && links.has(s.name)))
      linked += await linkSickStudents(schoolId, list.date, links, realtime);
  const trips = await Trip.of(schoolId).find({ schoolId }).lean<TripDoc[]>();
  for (const trip of trips) {
    const already = linkedNamesOf(trip);
    if (trip.studentNames.some((name) => !already.has(name) && links.has(name)))
      linked += await linkTravellers(schoolId, trip._id, links, realtime);
  }
  return linked;
}
