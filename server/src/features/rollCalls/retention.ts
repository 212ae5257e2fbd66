import { trusted } from '../../db/trusted';
import { runExpiry } from '../audit/expiry';
import { RollCallMarkModel, RollCallModel } from './model';

/**
 * A roll call names who was not found and who was sick in their room: it is kept as long as the
 * school keeps its sick lists (its retention period), then deleted with its marks. A roll still
 * under way is left alone. The trail says how many, never who.
 */
export function expireRollCalls(now: Date): Promise<number> {
  return runExpiry(now, {
    action: 'rollCall.expired',
    name: 'Opptellinger',
    noun: ['opptelling', 'opptellinger'],
    remove: async (schoolId, firstKept) => {
      const rolls = RollCallModel.of(schoolId);
      const old = await rolls.find({ date: trusted({ $lt: firstKept }), finishedAt: trusted({ $ne: null }) }, { _id: 1 }).lean();
      if (old.length === 0) return 0;
      const ids = old.map((roll) => roll._id);
      // The marks first: a run stopped half way leaves rolls the next run finds again, never marks of a roll gone.
      await RollCallMarkModel.of(schoolId).deleteMany({ rollCallId: trusted({ $in: ids }) });
      return (await rolls.deleteMany({ _id: trusted({ $in: ids }) })).deletedCount;
    },
  });
}
