import { trusted } from '../../db/trusted';
import { runExpiry } from '../audit/expiry';
import { EvacuationModel, EvacueeMarkModel } from './model';

/**
 * An evacuation list names everyone who was on the premises that night: it is kept as long as the
 * school keeps its sick lists (its retention period), then deleted with its marks. A drill's timed
 * report stays in the trail (it names no one); one under way is left alone.
 */
export function expireEvacuations(now: Date): Promise<number> {
  return runExpiry(now, {
    action: 'evacuation.expired',
    name: 'Evakueringslister',
    noun: ['evakueringsliste', 'evakueringslister'],
    remove: async (schoolId, firstKept) => {
      const evacuations = EvacuationModel.of(schoolId);
      const old = await evacuations.find({ date: trusted({ $lt: firstKept }), endedAt: trusted({ $ne: null }) }, { _id: 1 }).lean();
      if (old.length === 0) return 0;
      const ids = old.map((evacuation) => evacuation._id);
      // The marks first, as a roll call's: a run stopped half way leaves lists the next run finds again.
      await EvacueeMarkModel.of(schoolId).deleteMany({ evacuationId: trusted({ $in: ids }) });
      return (await evacuations.deleteMany({ _id: trusted({ $in: ids }) })).deletedCount;
    },
  });
}
