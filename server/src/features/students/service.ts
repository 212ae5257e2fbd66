import type { Types } from 'mongoose';
import { ERASED_STUDENT, type StudentData, type StudentErasure } from '#protocol/students';
import type { Realtime } from '../../realtime/realtime';
import { AuditModel } from '../audit/model';
import { audit } from '../audit/service';
import { trusted } from '../../db/trusted';
import { ReportModel } from '../reports/model';
import { presentReport } from '../reports/present';
import { earlierVersionsMentioning, redactEarlierVersions } from './versionMentions';
import { firstNameOf, othersWithFirstName, reportsNamingFirstName } from './firstNameMatches';
import { studentPdf } from './studentPdf';
import { School } from '../../core/accounts/schoolModel';
import { badRequest } from '../../httpError';
import { osloDay } from '#protocol/time';
import { SickRecord } from '../sick/model';
import { removeSickStudent } from '../sick/service';
import { Trip } from '../away/model';
import { removeFromTrips } from '../away/tripService';
import type { UserRecord } from '../../core/accounts/userModel';
import { countNoun } from '#protocol/counting';
import { RegisterStudentModel } from '../studentRegister/model';
import { linkedNames, registerData, registerStudentsNamed } from './registerLinks';
import { eraseFromRollCalls, rollCallData } from './rollCallLinks';

/**
 * Everything one school stores about one student name, to hand to a parent and to erase on
 * request (GDPR). Names compare exactly, as everywhere a name is stored; a report's own text is
 * free text, so it is searched without regard to case and shown, never changed by the server.
 */

const mentions = (text: string, name: string) => text.toLocaleLowerCase('nb').includes(name.toLocaleLowerCase('nb'));

async function auditEntriesNaming(schoolId: Types.ObjectId, name: string) {
  const entries = await AuditModel.find({ schoolId }, { at: 1, action: 1, targetName: 1, detail: 1 }).lean();
  return entries.filter((entry) => entry.targetName.includes(name) || entry.detail.includes(name));
}

async function reportsMentioning(schoolId: Types.ObjectId, name: string) {
  const reports = await ReportModel.of(schoolId).find({ schoolId }, { date: 1, authorName: 1, content: 1 }).lean();
  return reports.filter((report) => mentions(report.content, name)).sort((a, b) => a.date.localeCompare(b.date));
}

/** A download of what is stored about a student, recorded in the trail (the lookup itself records nothing). */
export async function recordStudentDownload(actor: UserRecord, schoolId: Types.ObjectId): Promise<void> {
  await audit(actor, 'student.exported', { id: schoolId, name: 'En elev', schoolId });
}

/** Possible matches by first name alone (firstNameMatches.ts): none for a name of one word. */
async function possibleMatches(schoolId: Types.ObjectId, name: string) {
  const firstName = firstNameOf(name);
  if (!firstName) return { firstName, othersWithFirstName: 0, possibleReports: [] };
  const [others, possibleReports] = await Promise.all([
    othersWithFirstName(schoolId, name, firstName),
    reportsNamingFirstName(schoolId, name, firstName),
  ]);
  return { firstName, othersWithFirstName: others, possibleReports };
}

export async function exportStudentData(schoolId: Types.ObjectId, name: string, now: Date): Promise<StudentData> {
  // The register's student of the name, and the names their id is held under on lists (issue 46).
  const registered = await registerStudentsNamed(schoolId, name);
  const names = [name, ...(await linkedNames(schoolId, name, registered.ids))];
  const [sick, trips, listingAway, mentioning, entries, versions, possible, register, rollCalls] = await Promise.all([
    SickRecord.of(schoolId)
      .find({ schoolId, 'students.name': trusted({ $in: names }) }, { date: 1, students: 1 })
      .lean(),
    Trip.of(schoolId)
      .find({ schoolId, studentNames: trusted({ $in: names }) }, { fromDate: 1, toDate: 1 })
      .lean(),
    ReportModel.of(schoolId).find({ schoolId, awayStudents: name }, { date: 1, authorName: 1 }).lean(),
    reportsMentioning(schoolId, name),
    auditEntriesNaming(schoolId, name),
    earlierVersionsMentioning(schoolId, name),
    possibleMatches(schoolId, name),
    registerData(schoolId, registered.docs),
    rollCallData(schoolId, names, registered.ids),
  ]);
  const byDate = <T extends { date: string }>(items: T[]) => items.sort((a, b) => a.date.localeCompare(b.date));
  return {
    name,
    exportedAt: now.toISOString(),
    register,
    rollCalls,
    sick: byDate(sick.map((list) => ({ date: list.date, comment: list.students.find((s) => names.includes(s.name))?.comment ?? '' }))),
    trips: trips.map((trip) => ({ fromDate: trip.fromDate, toDate: trip.toDate })).sort((a, b) => a.fromDate.localeCompare(b.fromDate)),
    reportsListingAway: byDate(listingAway.map((report) => ({ date: report.date, authorName: report.authorName }))),
    reportsMentioning: mentioning.map((report) => ({ date: report.date, authorName: report.authorName, content: report.content })),
    auditEntries: entries.map((entry) => ({ at: entry.at.toISOString(), action: entry.action, detail: entry.detail })),
    versionsMentioning: versions,
    ...possible,
  };
}

/**
 * The PDF for a parent: what the lookup shows, with only the possible matches the office chose.
 * An id that is not among this name's possible matches (another school's report, one that holds
 * the full name, one that names another first name) is refused: nothing else is put in.
 */
export async function studentPdfFile(
  schoolId: Types.ObjectId,
  name: string,
  reportIds: readonly string[],
  now: Date,
): Promise<{ body: Buffer; day: string }> {
  const [data, school] = await Promise.all([exportStudentData(schoolId, name, now), School.findById(schoolId, { name: 1 }).lean()]);
  const possible = new Map(data.possibleReports.map((report) => [report.id, report]));
  const unknown = reportIds.filter((id) => !possible.has(id));
  if (unknown.length > 0) throw badRequest('Bare rapporter som er funnet på fornavnet, kan tas med i PDF-en. Søk på nytt og prøv igjen.');
  const chosen = data.possibleReports.filter((report) => reportIds.includes(report.id));
  return { body: await studentPdf(data, school?.name ?? '', chosen), day: osloDay(now) };
}

/** Takes a name off every sick list (with its comment) and every trip (a trip left empty goes): how many of each. */
async function eraseFromLists(schoolId: Types.ObjectId, name: string, realtime: Realtime): Promise<{ sickLists: number; trips: number }> {
  const sickLists = await SickRecord.of(schoolId).find({ schoolId, 'students.name': name }, { date: 1 }).lean();
  for (const list of sickLists) await removeSickStudent(schoolId, list.date, name, realtime);
  const trips = await Trip.of(schoolId).countDocuments({ schoolId, studentNames: name });
  // Every trip, archived ones too: the earliest possible end date.
  await removeFromTrips(schoolId, { studentName: name }, '0000-01-01', realtime);
  return { sickLists: sickLists.length, trips };
}

/** The register's entries go, and every open screen's lists with them. */
async function eraseRegisterStudents(schoolId: Types.ObjectId, ids: ReadonlySet<string>, realtime: Realtime): Promise<number> {
  if (ids.size === 0) return 0;
  const { deletedCount } = await RegisterStudentModel.of(schoolId).deleteMany({ schoolId, _id: trusted({ $in: [...ids] }) });
  for (const id of ids) realtime.toSchool(schoolId.toHexString(), 'registerEntries.removed', { id });
  return deletedCount;
}

/**
 * Erases the name everywhere it is stored as data: off every sick list (with its comment), off
 * every trip (a trip left empty goes) and off the away lists of reports. The trail records the
 * erasure without the name.
 */
export async function eraseStudentData(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  name: string,
  now: Date,
  realtime: Realtime,
): Promise<StudentErasure> {
  // The register's student of the name goes, and with it what their id is held under on lists (issue 46).
  const registered = await registerStudentsNamed(schoolId, name);
  const heldNames = [name, ...(await linkedNames(schoolId, name, registered.ids))];
  let sickLists = 0;
  let trips = 0;
  for (const held of heldNames) {
    const erasedFrom = await eraseFromLists(schoolId, held, realtime);
    sickLists += erasedFrom.sickLists;
    trips += erasedFrom.trips;
  }
  const rollCalls = await eraseFromRollCalls(schoolId, heldNames, registered.ids);
  const registerEntries = await eraseRegisterStudents(schoolId, registered.ids, realtime);

  const Report = ReportModel.of(schoolId);
  const listing = (await Report.find({ schoolId, awayStudents: name }, { _id: 1 }).lean()).map((report) => report._id);
  const reports = await Report.updateMany({ schoolId, awayStudents: name }, { $pull: { awayStudents: name } });
  // Open boards and report pages show the away lists without the name at once.
  for (const report of await Report.find({ _id: trusted({ $in: listing }) })) {
    realtime.toSchool(schoolId.toHexString(), 'reports.saved', presentReport(report, now));
  }

  // The trail is append-only: only an entry about this student (its target, the whole name) loses
  // the name, and the erasure's own entry says how many did. Nothing is matched inside other text.
  let redactedEntries = 0;
  for (const held of heldNames)
    redactedEntries += (await AuditModel.updateMany({ schoolId, targetName: held }, { $set: { targetName: ERASED_STUDENT } }))
      .modifiedCount;

  const versions = await redactEarlierVersions(schoolId, name);

  const stillMentioning = (await reportsMentioning(schoolId, name)).map((report) => report.date);
  // Never changed here: said, so the office looks at them (issue 45).
  const possiblyMentioning = (await possibleMatches(schoolId, name)).possibleReports.map((report) => report.date);
  const erasure = {
    registerEntries,
    sickLists,
    trips,
    rollCalls,
    reports: reports.modifiedCount,
    auditEntries: redactedEntries,
    versions,
    reportsMentioning: stillMentioning,
    reportsPossiblyMentioning: [...new Set(possiblyMentioning)],
  };
  await audit(actor, 'student.erased', {
    id: schoolId,
    name: 'En elev',
    schoolId,
    detail: [
      ...(registerEntries > 0 ? ['elevregisteret'] : []),
      countNoun(erasure.sickLists, 'sykeliste', 'sykelister'),
      countNoun(erasure.trips, 'reise', 'reiser'),
      ...(erasure.rollCalls > 0 ? [countNoun(erasure.rollCalls, 'opptelling', 'opptellinger')] : []),
      countNoun(erasure.reports, 'rapport', 'rapporter'),
      countNoun(erasure.auditEntries, 'loggoppføring', 'loggoppføringer'),
      countNoun(erasure.versions, 'tidligere rapporttekst', 'tidligere rapporttekster'),
    ].join(', '),
  });
  return erasure;
}
