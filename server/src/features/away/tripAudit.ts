import type { Types } from 'mongoose';
import { formatDayNo } from '#protocol/time';
import type { UserRecord } from '../../core/accounts/userModel';
import { trusted } from '../../db/trusted';
import { audit } from '../audit/service';
import { ClassModel } from '../classes/model';

type Period = { fromDate: string; toDate: string };
type Members = { studentNames?: readonly string[]; classIds?: readonly string[] };

/** 'fra 27. november 2026 til 30. november 2026' */
export const periodOf = (trip: Period) => `fra ${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}`;

async function classNames(schoolId: Types.ObjectId, classIds: readonly string[]): Promise<Map<string, string>> {
  if (classIds.length === 0) return new Map();
  const classes = await ClassModel.of(schoolId)
    .find({ schoolId, _id: trusted({ $in: [...classIds] }) }, { className: 1 })
    .lean<Array<{ _id: Types.ObjectId; className: string }>>();
  return new Map(classes.map((c) => [c._id.toHexString(), c.className]));
}

/**
 * Each student and class put on or taken off a trip, in Endringslogg with the trip's dates. A
 * student is the entry's target by the whole name, as on the trip, so a parent's erasure takes it
 * out of the trail (students/service.ts); the name is never in the detail.
 */
export async function auditTripMembers(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  trip: Period,
  change: { added?: Members; removed?: Members },
): Promise<void> {
  const detail = periodOf(trip);
  const names = await classNames(schoolId, [...(change.added?.classIds ?? []), ...(change.removed?.classIds ?? [])]);
  const className = (id: string) => names.get(id) ?? 'Slettet klasse';
  for (const name of change.added?.studentNames ?? []) await audit(actor, 'trip.studentAdded', { id: schoolId, name, schoolId, detail });
  for (const id of change.added?.classIds ?? []) await audit(actor, 'trip.classAdded', { id, name: className(id), schoolId, detail });
  for (const name of change.removed?.studentNames ?? [])
    await audit(actor, 'trip.studentRemoved', { id: schoolId, name, schoolId, detail });
  for (const id of change.removed?.classIds ?? []) await audit(actor, 'trip.classRemoved', { id, name: className(id), schoolId, detail });
}

const missingFrom = (list: readonly string[], other: readonly string[]) => list.filter((item) => !other.includes(item));
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * An edited trip: one entry for the trip (its dates, and before them the old ones if they
 * changed, with how many went on and off it, counts only), then one for each student and class.
 */
export async function auditTripEdit(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  tripId: Types.ObjectId | string,
  before: Period & { studentNames: readonly string[]; classIds: readonly string[] },
  after: Period & { studentNames: readonly string[]; classIds: readonly string[] },
): Promise<void> {
  const added = {
    studentNames: missingFrom(after.studentNames, before.studentNames),
    classIds: missingFrom(after.classIds, before.classIds),
  };
  const removed = {
    studentNames: missingFrom(before.studentNames, after.studentNames),
    classIds: missingFrom(before.classIds, after.classIds),
  };
  const datesChanged = before.fromDate !== after.fromDate || before.toDate !== after.toDate;
  const facts = [
    ...(datesChanged ? [`før ${periodOf(before)}`] : []),
    ...(added.studentNames.length ? [`${count(added.studentNames.length, 'elev', 'elever')} lagt til`] : []),
    ...(removed.studentNames.length ? [`${count(removed.studentNames.length, 'elev', 'elever')} tatt av`] : []),
    ...(added.classIds.length ? [`${count(added.classIds.length, 'klasse', 'klasser')} lagt til`] : []),
    ...(removed.classIds.length ? [`${count(removed.classIds.length, 'klasse', 'klasser')} tatt av`] : []),
  ];
  if (facts.length === 0) return;
  await audit(actor, 'trip.changed', { id: tripId, name: periodOf(after), schoolId, detail: facts.join(', ') });
  await auditTripMembers(actor, schoolId, after, { added, removed });
}
