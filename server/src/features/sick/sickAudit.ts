import type { Types } from 'mongoose';
import { formatDayNo } from '#protocol/time';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';

type Student = { name: string; comment: string };

/**
 * Each student put on or taken off a day's list, or whose comment changed, in Endringslogg: the
 * student's name as the entry's target (so a parent's erasure takes it out, students/service.ts)
 * and the day. Never the comment: it is health information.
 */
export async function auditSickChange(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  date: string,
  before: readonly Student[],
  after: readonly Student[],
): Promise<void> {
  const day = formatDayNo(date);
  const was = new Map(before.map((s) => [s.name, s.comment]));
  const is = new Map(after.map((s) => [s.name, s.comment]));
  for (const [name, comment] of is) {
    if (!was.has(name)) await audit(actor, 'sick.added', { id: schoolId, name, schoolId, detail: day });
    else if (was.get(name) !== comment) await audit(actor, 'sick.commentChanged', { id: schoolId, name, schoolId, detail: day });
  }
  for (const name of was.keys()) {
    if (!is.has(name)) await audit(actor, 'sick.removed', { id: schoolId, name, schoolId, detail: day });
  }
}
