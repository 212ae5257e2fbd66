import type { Types } from 'mongoose';
import { EVACUATION_TEXTS, formatDurationNo, notAccountedFor, type Evacuation, type EvacueeMark } from '#protocol/evacuations';
import { formatClockNo } from '#protocol/time';
import { changedAt } from '../../db/changedAt';
import { isDuplicateKey } from '../../db/duplicateKey';
import { trusted } from '../../db/trusted';
import { deviceTime } from '../../deviceTime';
import { conflict, notFound } from '../../httpError';
import type { Realtime } from '../../realtime/realtime';
import type { UserRecord } from '../../core/accounts/userModel';
import { audit } from '../audit/service';
import type { PushNotifier } from '../push/notifier';
import { EvacuationModel, EvacueeMarkModel, type EvacuationDoc, type EvacueeMarkDoc } from './model';
import { peopleOnThePremises } from './people';

export function presentEvacuation(doc: EvacuationDoc, marks: readonly EvacueeMarkDoc[]): Evacuation {
  return {
    id: doc._id.toHexString(),
    schoolId: doc.schoolId.toHexString(),
    date: doc.date,
    drill: doc.drill ?? false,
    startedAt: doc.startedAt.toISOString(),
    startedByName: doc.startedByName,
    endedAt: doc.endedAt?.toISOString() ?? null,
    endedByName: doc.endedByName ?? null,
    people: (doc.people ?? []).map((p) => ({
      id: p.id ?? '',
      name: p.name ?? '',
      kind: p.kind === 'staff' ? 'staff' : 'student',
      house: p.house ?? '',
      room: p.room ?? '',
    })),
    safe: marks.filter((m) => m.safe).map((m) => ({ personId: m.personId, byName: m.byName ?? '', at: m.at.toISOString() })),
    updatedAt: [changedAt(doc), ...marks.map((m) => changedAt(m))].sort().at(-1)!,
  };
}

async function withMarks(schoolId: Types.ObjectId, doc: EvacuationDoc): Promise<Evacuation> {
  return presentEvacuation(doc, await EvacueeMarkModel.of(schoolId).find({ schoolId, evacuationId: doc._id }).lean<EvacueeMarkDoc[]>());
}

/** One evacuation with its marks, as it is now. */
export async function evacuationById(schoolId: Types.ObjectId, id: string): Promise<Evacuation> {
  const doc = await EvacuationModel.of(schoolId).findOne({ _id: id, schoolId }).lean<EvacuationDoc>();
  if (!doc) throw notFound(EVACUATION_TEXTS.notFound);
  return withMarks(schoolId, doc);
}

/** The evacuations of a report day, and the one under way whatever its day, oldest first. */
export async function listEvacuations(schoolId: Types.ObjectId, date: string): Promise<Evacuation[]> {
  const docs = await EvacuationModel.of(schoolId)
    .find({ schoolId, $or: [{ date }, { openKey: 'open' }] })
    .lean<EvacuationDoc[]>();
  return Promise.all(docs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).map((doc) => withMarks(schoolId, doc)));
}

export type EvacuationStart = { drill: boolean; id?: string; startedAt?: string };

/**
 * Starts an evacuation of the school, or answers the one under way: one at a time, so two phones
 * starting at once get the same list. Every device of the school hears it, and every device with
 * notifications on gets it by push.
 */
export async function startEvacuation(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  date: string,
  start: EvacuationStart,
  realtime: Realtime,
  push: PushNotifier,
  now: Date,
): Promise<Evacuation> {
  const evacuations = EvacuationModel.of(schoolId);
  const known = start.id ? await evacuations.findOne({ _id: start.id, schoolId }).lean<EvacuationDoc>() : null;
  if (known) return withMarks(schoolId, known);
  const open = await evacuations.findOne({ schoolId, openKey: 'open' }).lean<EvacuationDoc>();
  if (open) return withMarks(schoolId, open);
  try {
    const made = (
      await EvacuationModel.insert(schoolId, {
        ...(start.id ? { _id: start.id } : {}),
        schoolId,
        date,
        drill: start.drill,
        startedAt: deviceTime(start.startedAt, now),
        startedById: actor._id,
        startedByName: actor.name,
        people: await peopleOnThePremises(schoolId, date, now),
        openKey: 'open',
      })
    ).toObject() as EvacuationDoc;
    const presented = presentEvacuation(made, []);
    realtime.toSchool(schoolId.toHexString(), 'evacuations.saved', presented);
    push.evacuationStarted(
      schoolId.toHexString(),
      { id: presented.id, drill: presented.drill, people: presented.people.length },
      actor._id.toHexString(),
    );
    await audit(actor, 'evacuation.started', {
      id: presented.id,
      name: presented.drill ? 'Øvelse' : 'Evakuering',
      schoolId,
      detail: `${presented.people.length} på listen`,
    });
    return presented;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const other = await evacuations.findOne({ schoolId, openKey: 'open' }).lean<EvacuationDoc>();
    if (!other) throw err;
    return withMarks(schoolId, other);
  }
}

/** 'I sikkerhet' for one person on the list, or taken back; the last by its time wins, as a roll call's marks. */
export async function markEvacuee(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  evacuationId: string,
  personId: string,
  mark: { safe: boolean; at?: string },
  realtime: Realtime,
  now: Date,
): Promise<EvacueeMark> {
  const evacuation = await EvacuationModel.of(schoolId)
    .findOne({ _id: evacuationId, schoolId }, { schoolId: 1, endedAt: 1, people: 1 })
    .lean<EvacuationDoc>();
  if (!evacuation) throw notFound(EVACUATION_TEXTS.notFound);
  if (evacuation.endedAt) throw conflict(EVACUATION_TEXTS.ended);
  if (!(evacuation.people ?? []).some((p) => p.id === personId)) throw notFound(EVACUATION_TEXTS.notOnList);
  const marks = EvacueeMarkModel.of(schoolId);
  const key = { schoolId, evacuationId: evacuation._id, personId };
  const fields = { safe: mark.safe, byName: actor.name, at: deviceTime(mark.at, now) };
  let stands = await marks
    .findOneAndUpdate({ ...key, at: trusted({ $lte: fields.at }) }, { $set: fields }, { new: true })
    .lean<EvacueeMarkDoc>();
  let written = stands !== null;
  if (!stands) {
    try {
      stands = (await EvacueeMarkModel.insert(schoolId, { ...key, ...fields })).toObject() as EvacueeMarkDoc;
      written = true;
    } catch (err) {
      // A later mark is there: it stands.
      if (!isDuplicateKey(err)) throw err;
      stands = await marks.findOne(key).lean<EvacueeMarkDoc>();
      if (!stands) throw err;
    }
  }
  const presented: EvacueeMark = {
    evacuationId,
    schoolId: schoolId.toHexString(),
    personId,
    safe: stands.safe,
    byName: stands.byName ?? '',
    at: stands.at.toISOString(),
    updatedAt: changedAt(stands),
  };
  if (written) realtime.toSchool(schoolId.toHexString(), 'evacuations.marked', presented);
  return presented;
}

/**
 * Ends the evacuation. A drill leaves its timed report in the trail: how long it took, how many
 * were accounted for, and when each was (minutes from the start, no names).
 */
export async function endEvacuation(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  evacuationId: string,
  realtime: Realtime,
  now: Date,
): Promise<Evacuation> {
  const ended = await EvacuationModel.of(schoolId)
    .findOneAndUpdate(
      { _id: evacuationId, schoolId, endedAt: null },
      { $set: { endedAt: now, endedByName: actor.name }, $unset: { openKey: '' } },
      { new: true },
    )
    .lean<EvacuationDoc>();
  if (!ended) {
    const exists = await EvacuationModel.of(schoolId).exists({ _id: evacuationId, schoolId });
    throw exists ? conflict(EVACUATION_TEXTS.ended) : notFound(EVACUATION_TEXTS.notFound);
  }
  const presented = await withMarks(schoolId, ended);
  realtime.toSchool(schoolId.toHexString(), 'evacuations.saved', presented);
  await audit(actor, presented.drill ? 'evacuation.drillEnded' : 'evacuation.ended', {
    id: presented.id,
    name: presented.drill ? 'Øvelse' : 'Evakuering',
    schoolId,
    detail: drillReport(presented),
  });
  return presented;
}

/** 'Startet 22:00, avsluttet 22:07 (7 min 0 s). 58 av 60 i sikkerhet, 2 ikke gjort rede for. Alle i sikkerhet etter …' */
export function drillReport(evacuation: Evacuation): string {
  const started = new Date(evacuation.startedAt).getTime();
  const ended = new Date(evacuation.endedAt ?? evacuation.startedAt).getTime();
  const total = evacuation.people.length;
  const missing = notAccountedFor(evacuation);
  const lastSafe = Math.max(started, ...evacuation.safe.map((m) => new Date(m.at).getTime()));
  return [
    `Startet ${formatClockNo(evacuation.startedAt)}, avsluttet ${formatClockNo(evacuation.endedAt ?? evacuation.startedAt)} (${formatDurationNo(ended - started)}).`,
    `${total - missing} av ${total} i sikkerhet, ${missing} ikke gjort rede for.`,
    ...(missing === 0 && total > 0 ? [`Alle i sikkerhet etter ${formatDurationNo(lastSafe - started)}.`] : []),
  ].join(' ');
}
