import { Types } from 'mongoose';
import type { PlatformSchool, SchoolCounts } from '#protocol/platform';
import { ADMIN_ROLE } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { badRequest, conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { endUsersSessions } from '../../core/sessions/sessionStore';
import { audit } from '../audit/service';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { School, schoolNameKey, type SchoolDoc } from '../../core/accounts/schoolModel';
import { prepareSchoolDatabase } from '../../db/schoolDatabase';
import { removeSchoolData } from '../../core/removal/schoolRemoval';
import { compareNorwegianNumeric } from '#protocol/collation';
import { unlessDuplicate } from '../../db/duplicateKey';
import { removeSchoolSubscriptions } from '../push/subscriptions';
import { changedAt } from '../../db/changedAt';

const EMPTY_COUNTS: SchoolCounts = { users: 0, active: 0, pending: 0, deactivated: 0, admins: 0 };

type CountRow = { _id: { schoolId: Types.ObjectId; status: string; role: string }; n: number };

async function countUsers(schoolIds: Types.ObjectId[]): Promise<Map<string, SchoolCounts>> {
  const rows = await UserModel.aggregate<CountRow>([
    { $match: { schoolId: { $in: schoolIds } } },
    { $group: { _id: { schoolId: '$schoolId', status: '$status', role: '$role' }, n: { $sum: 1 } } },
  ]);
  const bySchool = new Map<string, SchoolCounts>();
  for (const { _id, n } of rows) {
    const key = _id.schoolId.toHexString();
    const c = bySchool.get(key) ?? { ...EMPTY_COUNTS };
    c.users += n;
    if (_id.status === 'approved') c.active += n;
    if (_id.status === 'pending') c.pending += n;
    if (_id.status === 'deactivated') c.deactivated += n;
    if (_id.role === ADMIN_ROLE) c.admins += n;
    bySchool.set(key, c);
  }
  return bySchool;
}

function present(school: SchoolDoc, counts: SchoolCounts | undefined): PlatformSchool {
  return {
    id: school._id.toHexString(),
    name: school.name,
    active: school.active,
    counts: counts ?? { ...EMPTY_COUNTS },
    healthDataRetentionMonths: school.healthDataRetentionMonths ?? HEALTH_DATA_RETENTION_DEFAULT_MONTHS,
    updatedAt: changedAt(school),
  };
}

export async function listPlatformSchools(): Promise<PlatformSchool[]> {
  const schools = await School.find().lean<SchoolDoc[]>();
  const counts = await countUsers(schools.map((s) => s._id));
  return schools.sort((a, b) => compareNorwegianNumeric(a.name, b.name)).map((s) => present(s, counts.get(s._id.toHexString())));
}

export async function presentPlatformSchool(schoolId: Types.ObjectId | string): Promise<PlatformSchool | null> {
  const school = await School.findById(schoolId).lean<SchoolDoc>();
  if (!school) return null;
  const counts = await countUsers([school._id]);
  return present(school, counts.get(school._id.toHexString()));
}

/** After any change to a school's users, the platform dashboard gets the school's fresh counts. */
export async function emitSchoolCounts(realtime: Realtime, schoolId: string): Promise<void> {
  const school = await presentPlatformSchool(schoolId);
  if (school) realtime.toPlatform('schools.updated', school);
}

export async function createSchool(name: string, realtime: Realtime): Promise<PlatformSchool> {
  const nameKey = schoolNameKey(name);
  const taken = () => conflict('En skole med dette navnet finnes allerede');
  if (await School.exists({ nameKey })) throw taken();
  const school: SchoolDoc = await unlessDuplicate(
    async () => (await School.create({ name: name.trim(), nameKey, active: true })).toObject(),
    () => {
      throw taken();
    },
  );
  await prepareSchoolDatabase(school._id);
  const presented = present(school, undefined);
  realtime.toPlatform('schools.created', presented);
  return presented;
}

/** Deactivating a school signs its users out at once; they cannot sign in until it is active again. */
export async function setSchoolActive(schoolId: string, active: boolean, realtime: Realtime): Promise<PlatformSchool> {
  const school = await School.findByIdAndUpdate(schoolId, { $set: { active } }, { new: true });
  if (!school) throw notFound('Fant ikke skolen');
  if (!active) {
    const userIds = (await UserModel.find({ schoolId: school._id }, { _id: 1 }).lean()).map((u) => u._id);
    // The reason goes out before the sessions go: a screen that asked the server in between would
    // otherwise hear only 'not signed in' and say so instead of why.
    for (const id of userIds) realtime.disconnectUser(id.toHexString(), 'schoolInactive');
    await endUsersSessions(userIds, 'schoolInactive');
    await removeSchoolSubscriptions(school._id);
  }
  const presented = (await presentPlatformSchool(school._id))!;
  realtime.toPlatform('schools.updated', presented);
  return presented;
}

/** How long the school keeps sick lists; the lists older than that go at the next expiry run. */
export async function setHealthDataRetention(
  actor: UserRecord,
  schoolId: string,
  months: number,
  realtime: Realtime,
): Promise<PlatformSchool> {
  const before = await School.findById(schoolId, { healthDataRetentionMonths: 1, name: 1 }).lean();
  if (!before) throw notFound('Fant ikke skolen');
  await School.updateOne({ _id: before._id }, { $set: { healthDataRetentionMonths: months } });
  const old = before.healthDataRetentionMonths ?? HEALTH_DATA_RETENTION_DEFAULT_MONTHS;
  await audit(actor, 'school.retentionChanged', {
    id: before._id,
    name: before.name,
    schoolId: before._id,
    detail: `${old} → ${months} måneder`,
  });
  const presented = (await presentPlatformSchool(before._id))!;
  realtime.toPlatform('schools.updated', presented);
  return presented;
}

/**
 * Deletes the school and every document of it: its own database, and in the shared database what
 * each feature registered for a school's removal (core/removal). Safe to cut short and run again: the school is first
 * marked as being deleted and switched off (its users are signed out and cannot come back), its
 * users go after everything else of theirs, and the school itself last. A deletion cut short by a
 * crash is finished at the next start (`finishSchoolDeletions`).
 */
export async function deleteSchool(actor: UserRecord, schoolId: string, realtime: Realtime): Promise<{ id: string }> {
  if (!Types.ObjectId.isValid(schoolId)) throw badRequest(TEXTS.unknownSchool);
  const school = await School.findByIdAndUpdate(schoolId, { $set: { deleting: true, active: false } }, { new: true });
  if (!school) throw notFound('Fant ikke skolen');
  await removeSchool(school._id, realtime);
  // The platform's record (no school): the school's own entries went with it.
  await audit(actor, 'school.deleted', { id: school._id, name: school.name, schoolId: null });
  realtime.toPlatform('schools.deleted', { id: schoolId });
  return { id: schoolId };
}

async function removeSchool(schoolId: Types.ObjectId, realtime: Realtime): Promise<void> {
  await removeSchoolData(schoolId, realtime);
  await School.deleteOne({ _id: schoolId });
}

/** Finishes the deletions a crash or a failure left half done. */
export async function finishSchoolDeletions(realtime: Realtime): Promise<number> {
  const unfinished = await School.find({ deleting: true }, { _id: 1 }).lean();
  for (const school of unfinished) {
    await removeSchool(school._id, realtime);
    realtime.toPlatform('schools.deleted', { id: school._id.toHexString() });
  }
  return unfinished.length;
}
