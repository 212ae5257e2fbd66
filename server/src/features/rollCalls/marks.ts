import type { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, type RollMark } from '#protocol/rollCalls';
import { registerName } from '#protocol/studentRegister';
import { trusted } from '../../db/trusted';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import type { PushNotifier } from '../push/notifier';
import { RegisterStudentModel } from '../studentRegister/model';
import { RollCallModel, type RollCallDoc } from './model';
import { presentRollMark } from './present';

type StoredMark = { state: string; byName: string; at: Date };
type MarkedDoc = Pick<RollCallDoc, '_id' | 'schoolId' | 'date' | 'startedAt' | 'updatedAt' | 'createdAt' | 'finishedAt'> & {
  studentMarks?: Record<string, StoredMark>;
};

/** When the phone says it was done (off line, earlier), never later than now. */
export function deviceTime(at: string | undefined, now: Date): Date {
  const when = at ? new Date(at) : now;
  return Number.isNaN(when.getTime()) || when > now ? now : when;
}

const SHOWN = { schoolId: 1, date: 1, startedAt: 1, updatedAt: 1, createdAt: 1, finishedAt: 1 } as const;

/**
 * Marks a student present or not found, or takes the mark back ('none'). Per student the last mark
 * by its time wins: a mark made off line earlier than one already there changes nothing. Each
 * mark is one write of its own key, so phones marking one roll at once never clash; the other
 * phones are sent the mark alone.
 */
export async function markStudent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  rollCallId: string,
  studentId: string,
  mark: { state: 'present' | 'missing' | 'none'; at?: string },
  realtime: Realtime,
  push: PushNotifier,
  now: Date,
): Promise<RollMark> {
  const calls = RollCallModel.of(schoolId);
  const key = `studentMarks.${studentId}`;
  const [student, before] = await Promise.all([
    RegisterStudentModel.of(schoolId)
      .findOne({ _id: studentId, schoolId }, { firstName: 1, lastName: 1, house: 1 })
      .lean<{ firstName: string; lastName: string; house?: string }>(),
    calls.findOne({ _id: rollCallId, schoolId }, { ...SHOWN, [key]: 1 }).lean<MarkedDoc>(),
  ]);
  if (!before) throw notFound(ROLL_CALL_TEXTS.notFound);
  if (!student) throw notFound(ROLL_CALL_TEXTS.notOnList);
  const at = deviceTime(mark.at, now);
  const write = await calls.updateOne(
    {
      _id: rollCallId,
      schoolId,
      finishedAt: null,
      $or: [{ [key]: trusted({ $exists: false }) }, { [`${key}.at`]: trusted({ $lte: at }) }],
    },
    { $set: { [key]: { state: mark.state, byName: actor.name, at } }, $inc: { version: 1 } },
  );
  // What stands now (FerretDB 1.24 has no projection on findAndModify, so the small read is its own).
  const written = await calls.findOne({ _id: rollCallId, schoolId }, { ...SHOWN, [key]: 1 }).lean<MarkedDoc>();
  if (!written) throw notFound(ROLL_CALL_TEXTS.notFound);
  // Finished meanwhile, or a later mark is there: that one stands.
  if (write.modifiedCount === 0) {
    if (written.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
    return presentRollMark(written, studentId, written.studentMarks?.[studentId]);
  }
  const presented = presentRollMark(written, studentId, written.studentMarks?.[studentId]);
  realtime.toSchool(schoolId.toHexString(), 'rollCalls.marked', presented);
  // Newly not found: the other supervisors hear it at once, with the name and house only.
  if (mark.state === 'missing' && before.studentMarks?.[studentId]?.state !== 'missing')
    push.studentNotFound(
      schoolId.toHexString(),
      { rollCallId, studentId, name: registerName(student), house: student.house ?? '' },
      actor._id.toHexString(),
    );
  return presented;
}
