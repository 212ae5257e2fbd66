import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { addMonths, formatDayNo, osloDay } from '#protocol/time';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { School } from '../../core/accounts/schoolModel';
import { SickRecord } from './model';
import { countNoun } from '#protocol/counting';

/**
 * Health data does not outlive its purpose: a school's sick lists (names and comments) older than
 * its retention period are deleted, and the trail says how many and up to which date, never
 * whose. Reports keep their text. Safe on several instances at once: each list is deleted once, by
 * whichever run gets to it, and each run records what it deleted.
 */
export async function expireHealthData(now: Date): Promise<number> {
  const schools = await School.find({ deleting: trusted({ $ne: true }) }, { healthDataRetentionMonths: 1 }).lean();
  let deleted = 0;
  for (const school of schools) {
    const months = school.healthDataRetentionMonths ?? HEALTH_DATA_RETENTION_DEFAULT_MONTHS;
    // Kept: the lists from this day on (today's date, that many months back).
    const firstKept = addMonths(osloDay(now), -months);
    const { deletedCount } = await SickRecord.of(school._id).deleteMany({ date: trusted({ $lt: firstKept }) });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'sick.expired', {
        id: school._id,
        name: 'Sykelister',
        schoolId: school._id,
        detail: `${countNoun(deletedCount, 'sykeliste', 'sykelister')} fra før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
