import { formatDayNo } from '#protocol/time';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { retentionPeriods } from '../../core/accounts/retentionPeriods';
import { SickRecord } from './model';
import { countNoun } from '#protocol/counting';

/**
 * Health data does not outlive its purpose: a school's sick lists (names and comments) older than
 * its retention period are deleted, and the trail says how many and up to which date, never
 * whose. Reports keep their text. Safe on several instances at once: each list is deleted once, by
 * whichever run gets to it, and each run records what it deleted.
 */
export async function expireHealthData(now: Date): Promise<number> {
  let deleted = 0;
  for (const { schoolId, months, firstKept } of await retentionPeriods(now)) {
    const { deletedCount } = await SickRecord.of(schoolId).deleteMany({ date: trusted({ $lt: firstKept }) });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'sick.expired', {
        id: schoolId,
        name: 'Sykelister',
        schoolId,
        detail: `${countNoun(deletedCount, 'sykeliste', 'sykelister')} fra før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
