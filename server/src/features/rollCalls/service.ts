import type { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, rollCountText, rollCounts, rollHouseName, type RollCall, type RollCounts } from '#protocol/rollCalls';
import { atCount } from '../../db/counterFilter';
import { isDuplicateKey } from '../../db/duplicateKey';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
import { AGAIN, untilWritten, type Attempt } from '../../db/untilWritten';
import { deviceTime } from './marks';
import { RollCallModel, type RollCallDoc } from './model';
import { presentRollCall } from './present';

function announce(realtime: Realtime, doc: RollCallDoc): RollCall {
  const presented = presentRollCall(doc);
  realtime.toSchool(doc.schoolId.toHexString(), 'rollCalls.saved', presented);
  return presented;
}

export async function listRollCalls(schoolId: Types.ObjectId, date: string): Promise<RollCall[]> {
  const docs = await RollCallModel.of(schoolId).find({ schoolId, date }).lean<RollCallDoc[]>();
  return docs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).map(presentRollCall);
}

export type RollStart = { date: string; house: string; id?: string; startedAt?: string };

/**
 * Starts the day's roll of the house, or answers the one under way (two phones starting at once
 * get one). A roll started off line comes with its id: sent again, it answers that roll.
 */
export async function startRollCall(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  start: RollStart,
  realtime: Realtime,
  now: Date,
): Promise<RollCall> {
  const { date, house } = start;
  const openKey = `${date}/${house}`;
  const calls = RollCallModel.of(schoolId);
  const known = start.id ? await calls.findOne({ _id: start.id, schoolId }).lean<RollCallDoc>() : null;
  if (known) return presentRollCall(known);
  const open = await calls.findOne({ schoolId, openKey }).lean<RollCallDoc>();
  if (open) return presentRollCall(open);
  try {
    const made = (
      await RollCallModel.insert(schoolId, {
        ...(start.id ? { _id: start.id } : {}),
        schoolId,
        date,
        house,
        startedAt: deviceTime(start.startedAt, now),
        startedById: actor._id,
        startedByName: actor.name,
        openKey,
        marks: [],
      })
    ).toObject() as RollCallDoc;
    return announce(realtime, made);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const other = await calls.findOne({ schoolId, openKey }).lean<RollCallDoc>();
    if (!other) throw err;
    return presentRollCall(other);
  }
}

/** Tonight's list as a finished roll needs it: who should have been counted. */
export type Expected = ReadonlyArray<{ id: string; name: string }>;

/**
 * Ends the roll. With students unmarked or not found on tonight's list, a note of what was done
 * is needed. What the roll found is kept with it as it was (the day's record); the trail records
 * counts, never names.
 */
export async function finishRollCall(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  rollCallId: string,
  note: string,
  expected: Expected,
  realtime: Realtime,
  now: Date,
): Promise<RollCall> {
  const calls = RollCallModel.of(schoolId);
  const finished = await untilWritten(
    { tries: 10 },
    async (): Promise<Attempt<{ doc: RollCallDoc; counts: RollCounts }>> => {
      const call = await calls.findOne({ _id: rollCallId, schoolId }).lean<RollCallDoc>();
      if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
      if (call.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
      // Only those on tonight's list count: a student moved off it (sick list, trip) since their mark does not.
      const marks = presentRollCall(call).marks;
      const counts = rollCounts(
        expected.map((s) => s.id),
        marks,
      );
      if ((counts.unmarked > 0 || counts.missing > 0) && !note) throw badRequest(ROLL_CALL_TEXTS.noteNeeded);
      const stateOf = new Map(marks.map((m) => [m.studentId, m.state]));
      const result = {
        ...counts,
        notFound: expected.filter((s) => stateOf.get(s.id) === 'missing').map((s) => s.name),
        uncounted: expected.filter((s) => !stateOf.has(s.id)).map((s) => s.name),
      };
      const doc = await calls
        .findOneAndUpdate(
          { _id: rollCallId, schoolId, finishedAt: null, version: atCount(call.version) },
          { $set: { finishedAt: now, finishedByName: actor.name, note, result }, $unset: { openKey: '' }, $inc: { version: 1 } },
          { new: true },
        )
        .lean<RollCallDoc>();
      return doc ? { doc, counts } : AGAIN;
    },
    () => {
      throw serviceUnavailable('Opptellingen er opptatt akkurat nå. Prøv igjen.');
    },
  );
  await audit(actor, 'rollCall.finished', {
    id: rollCallId,
    name: rollHouseName(finished.doc.house ?? ''),
    schoolId,
    detail: rollCountText(finished.counts),
  });
  return announce(realtime, finished.doc);
}
