import type { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, rollCountText, rollCounts, rollHouseName, type RollCall } from '#protocol/rollCalls';
import { isDuplicateKey } from '../../db/duplicateKey';
import { trusted } from '../../db/trusted';
import { badRequest, conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
import { deviceTime } from '../../deviceTime';
import { RollCallMarkModel, RollCallModel, type RollCallDoc, type RollCallMarkDoc } from './model';
import { presentRollCall } from './present';

/** The marks of these rolls, by roll. */
async function marksOf(schoolId: Types.ObjectId, rollCallIds: readonly Types.ObjectId[]): Promise<Map<string, RollCallMarkDoc[]>> {
  const byRoll = new Map<string, RollCallMarkDoc[]>();
  if (rollCallIds.length === 0) return byRoll;
  const marks = await RollCallMarkModel.of(schoolId)
    .find({ schoolId, rollCallId: trusted({ $in: rollCallIds }) })
    .lean<RollCallMarkDoc[]>();
  for (const mark of marks) byRoll.set(String(mark.rollCallId), [...(byRoll.get(String(mark.rollCallId)) ?? []), mark]);
  return byRoll;
}

/** A roll with its marks, as it is now. */
async function withMarks(schoolId: Types.ObjectId, doc: RollCallDoc): Promise<RollCall> {
  return presentRollCall(doc, (await marksOf(schoolId, [doc._id])).get(doc._id.toHexString()) ?? []);
}

async function announce(realtime: Realtime, schoolId: Types.ObjectId, doc: RollCallDoc): Promise<RollCall> {
  const presented = await withMarks(schoolId, doc);
  realtime.toSchool(schoolId.toHexString(), 'rollCalls.saved', presented);
  return presented;
}

/** The rolls of a report day, or of the days of a range, in the order they were started, with their marks. */
export async function listRollCalls(
  schoolId: Types.ObjectId,
  days: { from: string; to: string },
  finishedOnly = false,
): Promise<RollCall[]> {
  const docs = await RollCallModel.of(schoolId)
    .find({
      schoolId,
      date: days.from === days.to ? days.from : trusted({ $gte: days.from, $lte: days.to }),
      ...(finishedOnly ? { finishedAt: trusted({ $ne: null }) } : {}),
    })
    .lean<RollCallDoc[]>();
  const marks = await marksOf(
    schoolId,
    docs.map((doc) => doc._id),
  );
  return docs
    .sort((a, b) => a.date.localeCompare(b.date) || a.startedAt.getTime() - b.startedAt.getTime())
    .map((doc) => presentRollCall(doc, marks.get(doc._id.toHexString()) ?? []));
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
  if (known) return withMarks(schoolId, known);
  const open = await calls.findOne({ schoolId, openKey }).lean<RollCallDoc>();
  if (open) return withMarks(schoolId, open);
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
    return announce(realtime, schoolId, made);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const other = await calls.findOne({ schoolId, openKey }).lean<RollCallDoc>();
    if (!other) throw err;
    return withMarks(schoolId, other);
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
  const call = await calls.findOne({ _id: rollCallId, schoolId }).lean<RollCallDoc>();
  if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
  if (call.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
  // Only those on tonight's list count: a student moved off it (sick list, trip) since their mark does not.
  const { marks } = await withMarks(schoolId, call);
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
  const finished = await calls
    .findOneAndUpdate(
      { _id: rollCallId, schoolId, finishedAt: null },
      { $set: { finishedAt: now, finishedByName: actor.name, note, result }, $unset: { openKey: '' }, $inc: { version: 1 } },
      { new: true },
    )
    .lean<RollCallDoc>();
  if (!finished) throw conflict(ROLL_CALL_TEXTS.finished);
  await audit(actor, 'rollCall.finished', {
    id: rollCallId,
    name: rollHouseName(call.house ?? ''),
    schoolId,
    detail: rollCountText(counts),
  });
  return announce(realtime, schoolId, finished);
}
