import type { RollCall, RollCallMark, RollMark } from '#protocol/rollCalls';
import { changedAt } from '../../db/changedAt';
import type { RollCallDoc } from './model';

type StoredMark = { state?: string | null; byName?: string | null; at?: Date | null };

/** A stored mark as the protocol says it; null for a mark taken back ('none'). */
function presentMark(studentId: string, mark: StoredMark, startedAt: Date): RollCallMark | null {
  if (mark.state !== 'present' && mark.state !== 'missing') return null;
  return { studentId, state: mark.state, byName: mark.byName ?? '', at: (mark.at ?? startedAt).toISOString() };
}

/** Every student's last mark: the first version's list, then the per-student marks over it. */
function marksOf(doc: RollCallDoc): RollCallMark[] {
  const byStudent = new Map<string, StoredMark>((doc.marks ?? []).map((m) => [String(m.studentId), m]));
  // Read lean, a Map field is a plain object.
  for (const [studentId, mark] of Object.entries((doc.studentMarks ?? {}) as unknown as Record<string, StoredMark>))
    byStudent.set(studentId, mark);
  return [...byStudent].flatMap(([studentId, mark]) => presentMark(studentId, mark, doc.startedAt) ?? []);
}

export function presentRollCall(doc: RollCallDoc): RollCall {
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
    marks: marksOf(doc),
    updatedAt: changedAt(doc),
  };
}

/** One student's mark as it stands after a write: what the marking phone is answered and the other phones are sent. */
export function presentRollMark(
  doc: Pick<RollCallDoc, '_id' | 'schoolId' | 'date' | 'startedAt' | 'updatedAt' | 'createdAt'>,
  studentId: string,
  mark: StoredMark | undefined,
): RollMark {
  return {
    rollCallId: doc._id.toHexString(),
    schoolId: doc.schoolId.toHexString(),
    date: doc.date,
    studentId,
    state: mark?.state === 'present' || mark?.state === 'missing' ? mark.state : 'none',
    byName: mark?.byName ?? '',
    at: (mark?.at ?? doc.startedAt).toISOString(),
    updatedAt: changedAt(doc as RollCallDoc),
  };
}
