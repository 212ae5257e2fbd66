import type { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, type RollCall } from '#protocol/rollCalls';
import { countNoun } from '#protocol/counting';
import { changedAt } from '../../db/changedAt';
import { atCount } from '../../db/counterFilter';
import { isDuplicateKey } from '../../db/duplicateKey';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
import { RollCallModel, type RollCallDoc } from './model';

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
    marks: (doc.marks ?? []).map((m) => ({
      studentId: String(m.studentId),
      state: m.state === 'missing' ? 'missing' : 'present',
      byName: m.byName ?? '',
      at: (m.at ?? doc.startedAt).toISOString(),
    })),
    updatedAt: changedAt(doc),
  };
}

function announce(realtime: Realtime, doc: RollCallDoc): RollCall {
  const presented = presentRollCall(doc);
  realtime.toSchool(doc.schoolId.toHexString(), 'rollCalls.saved', presented);
  return presented;
}

export async function listRollCalls(schoolId: Types.ObjectId, date: string): Promise<RollCall[]> {
  const docs = await RollCallModel.of(schoolId).find({ schoolId, date }).lean<RollCallDoc[]>();
  return docs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).map(presentRollCall);
}

/** Starts the day's roll of the house, or answers the one under way (two phones starting at once get one). */
export async function startRollCall(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  date: string,
  house: string,
  realtime: Realtime,
  now: Date,
): Promise<RollCall> {
  const openKey = `${date}/${house}`;
  const calls = RollCallModel.of(schoolId);
  const open = await calls.findOne({ schoolId, openKey }).lean<RollCallDoc>();
  if (open) return presentRollCall(open);
  try {
    const made = (
      await RollCallModel.insert(schoolId, {
        schoolId,
        date,
        house,
        startedAt: now,
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

/** When a mark was made: as the device says (off line, earlier), never later than now. */
function markTime(at: string | undefined, now: Date): Date {
  const when = at ? new Date(at) : now;
  return Number.isNaN(when.getTime()) || when > now ? now : when;
}

/**
 * Marks a student present or not found, or takes the mark back ('none'). Per student the last mark
 * by its time wins: a mark made off line earlier than one already there changes nothing.
 */
export async function markStudent(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  rollCallId: string,
  studentId: string,
  mark: { state: 'present' | 'missing' | 'none'; at?: string },
  realtime: Realtime,
  now: Date,
): Promise<RollCall> {
  const calls = RollCallModel.of(schoolId);
  const at = markTime(mark.at, now);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const call = await calls.findOne({ _id: rollCallId, schoolId }).lean<RollCallDoc>();
    if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
    if (call.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
    const marks = call.marks ?? [];
    const current = marks.find((m) => String(m.studentId) === studentId);
    if (current?.at && current.at > at) return presentRollCall(call);
    const others = marks.filter((m) => String(m.studentId) !== studentId);
    const next = mark.state === 'none' ? others : [...others, { studentId, state: mark.state, byName: actor.name, at }];
    const updated = await calls
      .findOneAndUpdate(
        { _id: rollCallId, schoolId, version: atCount(call.version) },
        { $set: { marks: next }, $inc: { version: 1 } },
        { new: true },
      )
      .lean<RollCallDoc>();
    if (updated) return announce(realtime, updated);
  }
  throw serviceUnavailable('Opptellingen er opptatt akkurat nå. Prøv igjen.');
}

/**
 * Ends the roll. With students unmarked or not found (`open` counts them, from tonight's list), a
 * note of what was done is needed. The trail records counts, never names.
 */
export async function finishRollCall(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  rollCallId: string,
  note: string,
  expected: readonly string[],
  realtime: Realtime,
  now: Date,
): Promise<RollCall> {
  const calls = RollCallModel.of(schoolId);
  const call = await calls.findOne({ _id: rollCallId, schoolId }).lean<RollCallDoc>();
  if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
  if (call.finishedAt) throw conflict(ROLL_CALL_TEXTS.finished);
  // Only those on tonight's list count: a student moved off it (sick list, trip) since their mark does not.
  const onList = new Set(expected);
  const marked = (state: string) =>
    new Set((call.marks ?? []).filter((m) => m.state === state && onList.has(String(m.studentId))).map((m) => String(m.studentId)));
  const present = marked('present');
  const missing = marked('missing').size;
  const unmarked = expected.length - present.size - missing;
  if ((unmarked > 0 || missing > 0) && !note) throw badRequest(ROLL_CALL_TEXTS.noteNeeded);
  const finished = await calls
    .findOneAndUpdate(
      { _id: rollCallId, schoolId, finishedAt: null },
      { $set: { finishedAt: now, finishedByName: actor.name, note }, $unset: { openKey: '' }, $inc: { version: 1 } },
      { new: true },
    )
    .lean<RollCallDoc>();
  if (!finished) throw conflict(ROLL_CALL_TEXTS.finished);
  await audit(actor, 'rollCall.finished', {
    id: rollCallId,
    name: call.house || 'Alle internat',
    schoolId,
    detail: `${present.size} av ${expected.length} telt, ${countNoun(missing, 'ikke funnet', 'ikke funnet')}`,
  });
  return announce(realtime, finished);
}
