import type { RollCall, RollCallMark, RollMark } from '#protocol/rollCalls';
import { changedAt } from '../../db/changedAt';
import type { RollCallDoc, RollCallMarkDoc } from './model';

type StoredMark = { state?: string | null; byName?: string | null; at?: Date | null };

/** A stored mark as the protocol says it; null for a mark taken back ('none'). */
function presentMark(studentId: string, mark: StoredMark, startedAt: Date): RollCallMark | null {
  if (mark.state !== 'present' && mark.state !== 'missing') return null;
  return { studentId, state: mark.state, byName: mark.byName ?? '', at: (mark.at ?? startedAt).toISOString() };
}

/** Every student's last mark: the first version's list on the roll, then the marks of their own over it. */
function marksOf(doc: RollCallDoc, marks: readonly RollCallMarkDoc[]): RollCallMark[] {
  const byStudent = new Map<string, StoredMark>((doc.marks ?? []).map((m) => [String(m.studentId), m]));
  for (const mark of marks) byStudent.set(mark.studentId, mark);
  return [...byStudent].flatMap(([studentId, mark]) => presentMark(studentId, mark, doc.startedAt) ?? []);
}

/** The roll with its marks; its updatedAt is its latest change, a mark's included. */
export function presentRollCall(doc: RollCallDoc, marks: readonly RollCallMarkDoc[]): RollCall {
  const changed = [changedAt(doc), ...marks.map((m) => changedAt(m))].sort().at(-1)!;
  return {
    id: doc._id.toHexString(),
    schoolId: doc.schoolId.toHexString(),
    date: doc.date,
    house: doc.house ?? '',
    startedAt: doc.startedAt.toISOString(),
    startedByName: doc.startedByName,
    finishedAt: doc.finishedAt?.toISOString() ?? null,
    finishedByName: doc.finishedByName ?? null,
    note: doc.note ?? '',
    result: doc.result
      ? {
          expected: doc.result.expected ?? 0,
          present: doc.result.present ?? 0,
          missing: doc.result.missing ?? 0,
          unmarked: doc.result.unmarked ?? 0,
          notFound: doc.result.notFound ?? [],
          uncounted: doc.result.uncounted ?? [],
        }
      : null,
    marks: marksOf(doc, marks),
    updatedAt: changed,
  };
}

/** One student's mark as it stands after a write: what the marking phone is answered and the other phones are sent. */
export function presentRollMark(call: Pick<RollCallDoc, '_id' | 'schoolId' | 'date'>, mark: RollCallMarkDoc): RollMark {
  return {
    rollCallId: call._id.toHexString(),
    schoolId: call.schoolId.toHexString(),
    date: call.date,
    studentId: mark.studentId,
    state: mark.state === 'present' || mark.state === 'missing' ? mark.state : 'none',
    byName: mark.byName ?? '',
    at: mark.at.toISOString(),
    updatedAt: changedAt(mark),
  };
}
