import { Types } from 'mongoose';
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

/** A student on a list; studentId is the register's, when chosen from it (issue 46). */
type Student = { name: string; comment: string; studentId?: string | null };

function present(record: Pick<SickDoc, 'students' | 'comment' | 'revision'> | null): Sick {
  const students = record?.students ?? [];
  const linked = students.filter((s) => s.studentId);
  return {
    names: students.map((s) => s.name),
    comment: record?.comment ?? '',
    // fromEntries defines own properties, so a student called '__proto__' stays a plain key.
    studentComments: Object.fromEntries(students.filter((s) => s.comment).map((s) => [s.name, s.comment ?? ''])),
    revision: record?.revision ?? 0,
    ...(linked.length > 0 ? { studentIds: Object.fromEntries(linked.map((s) => [s.name, String(s.studentId)])) } : {}),
  };
}

/** As stored: the link to the register only where there is one. */
const stored = (student: Student) => ({
  name: student.name,
  comment: student.comment,
  ...(student.studentId ? { studentId: new Types.ObjectId(student.studentId) } : {}),
});

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
      const before = (current?.students ?? []).map((s) => ({
        name: s.name,
        comment: s.comment ?? '',
        studentId: s.studentId?.toString() ?? null,
      }));
      const after = change(before, revision);
      const students = after.map(stored);
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
      written = { before, after };
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
        ? students.map((s) =>
            s.name === student.name ? { ...s, comment: student.comment, studentId: student.studentId ?? s.studentId } : s,
          )
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
    (current, currentRevision) => {
      if (revision !== undefined && revision !== currentRevision) throw conflict(SICK_TEXTS.listChanged);
      // A name sent without its register id (the spec's body) keeps the link it had.
      const links = new Map(current.filter((s) => s.studentId).map((s) => [s.name, s.studentId]));
      return [...new Map(students.map((s) => [s.name, { ...s, studentId: s.studentId ?? links.get(s.name) ?? null }])).values()];
    },
    realtime,
    changedBy,
  );
}

/** Takes one student off a date's list (a parent's request to erase what is stored about them: not in the trail, which would name them). */
export function removeSickStudent(schoolId: Types.ObjectId, date: string, name: string, realtime: Realtime): Promise<Sick> {
  return changeList(schoolId, date, (students) => students.filter((s) => s.name !== name), realtime);
}

/**
 * A register student renamed (issue 46): every sick list that holds them by their id says the new
 * name, live. Answers how many lists changed.
 */
export async function renameLinkedSick(schoolId: Types.ObjectId, studentId: string, name: string, realtime: Realtime): Promise<number> {
  const lists = await SickRecord.of(schoolId).find({ schoolId }, { date: 1, students: 1 }).lean<SickDoc[]>();
  const dates = lists.filter((list) => list.students.some((s) => s.studentId?.toString() === studentId)).map((list) => list.date);
  for (const date of dates)
    await changeList(schoolId, date, (students) => students.map((s) => (s.studentId === studentId ? { ...s, name } : s)), realtime);
  return dates.length;
}

/** Links names on a date's list to the register's students (issue 46), where they have no link yet. Answers how many were linked. */
export async function linkSickStudents(
  schoolId: Types.ObjectId,
  date: string,
  links: ReadonlyMap<string, string>,
  realtime: Realtime,
): Promise<number> {
  let linked = 0;
  await changeList(
    schoolId,
    date,
    (students) => {
      linked = 0;
      return students.map((s) => {
        const studentId = s.studentId ? undefined : links.get(s.name);
        if (!studentId) return s;
        linked += 1;
        return { ...s, studentId };
      });
    },
    realtime,
  );
  return linked;
}
