import { countNoun } from '#protocol/counting';
import { formatDayNo } from '#protocol/time';
import { retentionPeriods } from '../../core/accounts/retentionPeriods';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { EvacuationModel, EvacueeMarkModel } from './model';

/**
 * An evacuation list names everyone who was on the premises that night: it is kept as long as the
 * school keeps its sick lists (its retention period), then deleted with its marks. A drill's timed
 * report stays in the trail (it names no one); one under way is left alone.
 */
export async function expireEvacuations(now: Date): Promise<number> {
  let deleted = 0;
  for (const { schoolId, months, firstKept } of await retentionPeriods(now)) {
    const evacuations = EvacuationModel.of(schoolId);
    const old = await evacuations.find({ date: trusted({ $lt: firstKept }), endedAt: trusted({ $ne: null }) }, { _id: 1 }).lean();
    if (old.length === 0) continue;
    const ids = old.map((evacuation) => evacuation._id);
    await EvacueeMarkModel.of(schoolId).deleteMany({ evacuationId: trusted({ $in: ids }) });
    const { deletedCount } = await evacuations.deleteMany({ _id: trusted({ $in: ids }) });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'evacuation.expired', {
        id: schoolId,
        name: 'Evakueringslister',
        schoolId,
        detail: `${countNoun(deletedCount, 'evakueringsliste', 'evakueringslister')} fra før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
