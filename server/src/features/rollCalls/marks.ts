import type { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, type RollMark } from '#protocol/rollCalls';
import { registerName } from '#protocol/studentRegister';
import { isDuplicateKey } from '../../db/duplicateKey';
import { deviceTime } from '../../deviceTime';
import { trusted } from '../../db/trusted';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import type { PushNotifier } from '../push/notifier';
import { RegisterStudentModel } from '../studentRegister/model';
import { RollCallMarkModel, RollCallModel, type RollCallDoc, type RollCallMarkDoc } from './model';
import { presentRollMark } from './present';

type Mark = { state: 'present' | 'missing' | 'none'; at?: string };

/**
 * Writes the student's mark unless a later one is there: over an older mark, or as the first.
 * Gives the mark that stands after it, and whether it was this one.
 */
async function writeMark(
  schoolId: Types.ObjectId,
  rollCallId: Types.ObjectId,
  studentId: string,
  fields: { state: string; byName: string; at: Date },
): Promise<{ mark: RollCallMarkDoc; written: boolean }> {
  const marks = RollCallMarkModel.of(schoolId);
  const key = { schoolId, rollCallId, studentId };
  const over = await marks
    .findOneAndUpdate({ ...key, at: trusted({ $lte: fields.at }) }, { $set: fields }, { new: true })
    .lean<RollCallMarkDoc>();
  if (over) return { mark: over, written: true };
  try {
    return { mark: (await RollCallMarkModel.insert(schoolId, { ...key, ...fields })).toObject() as RollCallMarkDoc, written: true };
  } catch (err) {
    // A mark is there already, made later than this one: that one stands.
    if (!isDuplicateKey(err)) throw err;
    const later = await marks.findOne(key).lean<RollCallMarkDoc>();
    if (!later) throw err;
    return { mark: later, written: false };
  }
}

/**
 * Marks a student present or not found, or takes the mark back ('none'). Per student the last mark
 * by its time wins: a mark made off line earlier than one already there changes nothing. Each
 * mark is a small document of its own, so phones marking one roll at once never wait on each
 * other; the other phones are sent the mark alone.
 */
export async function markStudent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  rollCallId: string,
  studentId: string,
  mark: Mark,
  realtime: Realtime,
  push: PushNotifier,
  now: Date,
): Promise<RollMark> {
  const [student, call, before] = await Promise.all([
    RegisterStudentModel.of(schoolId)
      .findOne({ _id: studentId, schoolId }, { firstName: 1, lastName: 1, house: 1 })
      .lean<{ firstName: string; lastName: string; house?: string }>(),
    RollCallModel.of(schoolId).findOne({ _id: rollCallId, schoolId }, { schoolId: 1, date: 1, finishedAt: 1 }).lean<RollCallDoc>(),
    RollCallMarkModel.of(schoolId).findOne({ schoolId, rollCallId, studentId }, { state: 1 }).lean<{ state: string }>(),
  ]);
  if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
  if (!student) throw notFound(ROLL_CALL_TEXTS.notOnList);
  if (call.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
  const { mark: stands, written } = await writeMark(schoolId, call._id, studentId, {
    state: mark.state,
    byName: actor.name,
    at: deviceTime(mark.at, now),
  });
  const presented = presentRollMark(call, stands);
  if (!written) return presented;
  realtime.toSchool(schoolId.toHexString(), 'rollCalls.marked', presented);
  // Newly not found: the other supervisors hear it at once, with the name and house only.
  if (mark.state === 'missing' && before?.state !== 'missing')
    push.studentNotFound(
      schoolId.toHexString(),
      { rollCallId, studentId, name: registerName(student), house: student.house ?? '' },
      actor._id.toHexString(),
    );
  return presented;
}
