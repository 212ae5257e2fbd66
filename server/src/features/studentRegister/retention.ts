import { countNoun } from '#protocol/counting';
import { formatDayNo } from '#protocol/time';
import { retentionPeriods } from '../../core/accounts/retentionPeriods';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { RegisterStudentModel } from './model';

/**
 * A student who left ('Sluttet') stays in the register as long as the school keeps its sick lists
 * (the school's retention period, DECISIONS), then is deleted; the trail says how many, never who.
 */
export async function expireLeftStudents(now: Date): Promise<number> {
  let deleted = 0;
  for (const { schoolId, months, firstKept } of await retentionPeriods(now)) {
    // Only days compare: a student still at the school has no leftAt (null), which no string range takes.
    const { deletedCount } = await RegisterStudentModel.of(schoolId).deleteMany({
      leftAt: trusted({ $gte: '0000-01-01', $lt: firstKept }),
    });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'register.expired', {
        id: schoolId,
        name: 'Elevregisteret',
        schoolId,
        detail: `${countNoun(deletedCount, 'elev', 'elever')} som sluttet før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
