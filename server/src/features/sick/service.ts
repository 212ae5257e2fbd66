import type { Types } from 'mongoose';
import { POLICY } from '#protocol/policy';
import type { Role } from '#protocol/roles';
import { SICK_TEXTS, type Sick } from '#protocol/sick';
import { atCount } from '../../db/counterFilter';
import { AGAIN, untilWritten } from '../../db/untilWritten';
import { unlessDuplicate } from '../../db/duplicateKey';
import { conflict, serviceUnavailable } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import { SickRecord, type SickDoc } from './model';
import { schoolData } from '../../cache/areas';
import type { UserRecord } from '../../core/accounts/userModel';
import { auditSickChange } from './sickAudit';
import { readThrough } from '../../cache/readThrough';

type Student = { name: string; comment: string };

function present(record: Pick<SickDoc, 'students' | 'comment' | 'revision'> | null): Sick {
  const students = record?.students ?? [];
  return {
    names: students.map((s) => s.name),
    comment: record?.comment ?? '',
    // fromEntries defines own properties, so a student called '__proto__' stays a plain key.
    studentComments: Object.fromEntries(students.filter((s) => s.comment).map((s) => [s.name, s.comment ?? ''])),
    revision: record?.revision ?? 0,
  };
}

/** A sick comment is health information: roles that do not see sickComments (the policy table) get the names only. */
function mayReadSickComments(role: Role): boolean {
  return POLICY.sickComments.see.roles.includes(role);
}

export function withoutComments(sick: Sick): Sick {
  return { ...sick, comment: '', studentComments: {} };
}

export function getSick(schoolId: Types.ObjectId, date: string, role: Role): Promise<Sick> {
  // Kept presented until the school's sick lists change, apart for those who see comments and those who do not.
  const withComments = mayReadSickComments(role);
  return readThrough(schoolData(schoolId, SickRecord.modelName), `day:${date}:${withComments ? 'comments' : 'names'}`, async () => {
    const sick = present(await SickRecord.of(schoolId).findOne({ schoolId, date }).lean<SickDoc>());
    return withComments ? sick : withoutComments(sick);
  });
}

/** How long a change keeps trying while others change the same list (only ever seen with many writers at one moment). */
const BUSY_AFTER_MS = 10_000;
const BUSY = 'Listen er opptatt akkurat nå. Prøv igjen.';

/**
 * Changes one date's list: reads it, makes the change, and writes it only if the list is still the
 * revision it read (one atomic write, on either engine; a unique index keeps two first writes of a
 * day from both making a list). When another writer came first, the change is made again on what
 * they wrote: two admins saving at once both keep what they saved.
 */
async function changeList(
  schoolId: Types.ObjectId,
  date: string,
  change: (current: Student[], revision: number) => Student[],
  realtime: Realtime,
  changedBy?: UserRecord,
): Promise<Sick> {
  // The list as the write that was taken found it and left it, for the trail.
  let written: { before: Student[]; after: Student[] } = { before: [], after: [] };
  const sick = await untilWritten(
    { withinMs: BUSY_AFTER_MS },
    async () => {
      const current = await SickRecord.of(schoolId).findOne({ schoolId, date }).lean<SickDoc>();
      const revision = current?.revision ?? 0;
      const before = (current?.students ?? []).map((s) => ({ name: s.name, comment: s.comment ?? '' }));
      const students = change(before, revision);
      const record = await unlessDuplicate(
        () =>
          SickRecord.of(schoolId)
            .findOneAndUpdate(
              { schoolId, date, revision: atCount(revision) },
              { $set: { students }, $inc: { revision: 1 } },
              { upsert: !current, new: true },
            )
            .lean<SickDoc>(),
        () => null,
      );
      if (!record) return AGAIN;
      written = { before, after: students };
      const sick = present(record);
      realtime.toSchoolRedacted(schoolId.toHexString(), 'sickLists.updated', {
        full: { schoolId: schoolId.toHexString(), date, ...sick },
        redacted: { schoolId: schoolId.toHexString(), date, ...withoutComments(sick) },
      });
      return sick;
    },
    () => {
      throw serviceUnavailable(BUSY);
    },
  );
  if (changedBy) await auditSickChange(changedBy, schoolId, date, written.before, written.after);
  return sick;
}

/** Adds a sick student to the date (names compare exactly after trimming); adding again updates the comment. */
export function addSick(
  changedBy: UserRecord,
  schoolId: Types.ObjectId,
  date: string,
  student: Student,
  realtime: Realtime,
): Promise<Sick> {
  return changeList(
    schoolId,
    date,
    (students) =>
      students.some((s) => s.name === student.name)
        ? students.map((s) => (s.name === student.name ? { ...s, comment: student.comment } : s))
        : [...students, student],
    realtime,
    changedBy,
  );
}

/**
 * Replaces the date's list (the admin screen removes a student this way). With a revision, a list
 * changed since the caller read it is refused rather than overwritten. Duplicates collapse to the last.
 */
export function replaceSick(
  changedBy: UserRecord,
  schoolId: Types.ObjectId,
  date: string,
  students: Student[],
  revision: number | undefined,
  realtime: Realtime,
): Promise<Sick> {
  return changeList(
    schoolId,
    date,
    (_current, currentRevision) => {
      if (revision !== undefined && revision !== currentRevision) throw conflict(SICK_TEXTS.listChanged);
      return [...new Map(students.map((s) => [s.name, s])).values()];
    },
    realtime,
    changedBy,
  );
}

/** Takes one student off a date's list (a parent's request to erase what is stored about them: not in the trail, which would name them). */
export function removeSickStudent(schoolId: Types.ObjectId, date: string, name: string, realtime: Realtime): Promise<Sick> {
  return changeList(schoolId, date, (students) => students.filter((s) => s.name !== name), realtime);
}
