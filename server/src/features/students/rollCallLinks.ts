import type { Types } from 'mongoose';
import { rollHouseName } from '#protocol/rollCalls';
import type { StudentData } from '#protocol/students';
import { trusted } from '../../db/trusted';
import { RollCallMarkModel, RollCallModel } from '../rollCalls/model';

const STATE_TEXT: Record<string, string> = { present: 'Til stede', missing: 'Ikke funnet' };

/**
 * What the roll calls hold about a student (issue 47): their marks (by the register's id) and the
 * finished rolls that name them as not found or not counted. In the lookup, the parents' PDF and
 * the erasure.
 */
export async function rollCallData(
  schoolId: Types.ObjectId,
  names: readonly string[],
  ids: ReadonlySet<string>,
): Promise<StudentData['rollCalls']> {
  const [marks, naming] = await Promise.all([
    ids.size === 0
      ? []
      : RollCallMarkModel.of(schoolId)
          .find({ schoolId, studentId: trusted({ $in: [...ids] }), state: trusted({ $ne: 'none' }) }, { rollCallId: 1, state: 1 })
          .lean(),
    RollCallModel.of(schoolId)
      .find(
        { schoolId, $or: [{ 'result.notFound': trusted({ $in: [...names] }) }, { 'result.uncounted': trusted({ $in: [...names] }) }] },
        { date: 1, house: 1, result: 1 },
      )
      .lean(),
  ]);
  const rolls = new Map(naming.map((roll) => [roll._id.toHexString(), roll]));
  const marked = marks.map((mark) => ({ rollCallId: String(mark.rollCallId), state: STATE_TEXT[mark.state] ?? '' }));
  const missingRolls = marked.map((m) => m.rollCallId).filter((id) => !rolls.has(id));
  if (missingRolls.length > 0)
    for (const roll of await RollCallModel.of(schoolId)
      .find({ schoolId, _id: trusted({ $in: missingRolls }) }, { date: 1, house: 1, result: 1 })
      .lean())
      rolls.set(roll._id.toHexString(), roll);
  const entries = new Map<string, { date: string; house: string; state: string }>();
  for (const roll of naming) {
    const uncounted = (roll.result?.uncounted ?? []).some((name) => names.includes(name));
    const notFound = (roll.result?.notFound ?? []).some((name) => names.includes(name));
    entries.set(roll._id.toHexString(), {
      date: roll.date,
      house: rollHouseName(roll.house ?? ''),
      state: notFound ? 'Ikke funnet' : uncounted ? 'Ikke telt' : '',
    });
  }
  for (const mark of marked) {
    const roll = rolls.get(mark.rollCallId);
    if (roll && !entries.has(mark.rollCallId))
      entries.set(mark.rollCallId, { date: roll.date, house: rollHouseName(roll.house ?? ''), state: mark.state });
  }
  return [...entries.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The student's marks go, and their name from what finished rolls found; the counts stay. How many rolls held them. */
export async function eraseFromRollCalls(schoolId: Types.ObjectId, names: readonly string[], ids: ReadonlySet<string>): Promise<number> {
  const rolls = new Set<string>();
  if (ids.size > 0) {
    const marks = RollCallMarkModel.of(schoolId);
    const filter = { schoolId, studentId: trusted({ $in: [...ids] }) };
    for (const mark of await marks.find(filter, { rollCallId: 1 }).lean()) rolls.add(String(mark.rollCallId));
    await marks.deleteMany(filter);
  }
  const Rolls = RollCallModel.of(schoolId);
  for (const name of names) {
    const naming = { schoolId, $or: [{ 'result.notFound': name }, { 'result.uncounted': name }] };
    for (const roll of await Rolls.find(naming, { _id: 1 }).lean()) rolls.add(roll._id.toHexString());
    await Rolls.updateMany(naming, { $pull: { 'result.notFound': name, 'result.uncounted': name } });
  }
  return rolls.size;
}
