import { countNoun } from '#protocol/counting';
import { formatDayNo } from '#protocol/time';
import { retentionPeriods } from '../../core/accounts/retentionPeriods';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { RollCallMarkModel, RollCallModel } from './model';

/**
 * A roll call names who was not found and who was sick in their room: it is kept as long as the
 * school keeps its sick lists (its retention period), then deleted with its marks. A roll still
 * under way is left alone. The trail says how many, never who.
 */
export async function expireRollCalls(now: Date): Promise<number> {
  let deleted = 0;
  for (const { schoolId, months, firstKept } of await retentionPeriods(now)) {
    const rolls = RollCallModel.of(schoolId);
    const old = await rolls.find({ date: trusted({ $lt: firstKept }), finishedAt: trusted({ $ne: null }) }, { _id: 1 }).lean();
    if (old.length === 0) continue;
    const ids = old.map((roll) => roll._id);
    // The marks first: a run stopped half way leaves rolls the next run finds again, never marks of a roll gone.
    await RollCallMarkModel.of(schoolId).deleteMany({ rollCallId: trusted({ $in: ids }) });
    const { deletedCount } = await rolls.deleteMany({ _id: trusted({ $in: ids }) });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'rollCall.expired', {
        id: schoolId,
        name: 'Opptellinger',
        schoolId,
        detail: `${countNoun(deletedCount, 'opptelling', 'opptellinger')} fra før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
