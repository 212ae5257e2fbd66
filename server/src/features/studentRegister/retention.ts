import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { countNoun } from '#protocol/counting';
import { addMonths, formatDayNo, osloDay } from '#protocol/time';
import { School } from '../../core/accounts/schoolModel';
import { trusted } from '../../db/trusted';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { RegisterStudentModel } from './model';

/**
 * A student who left ('Sluttet') stays in the register as long as the school keeps its sick lists
 * (the school's retention period, DECISIONS), then is deleted; the trail says how many, never who.
 */
export async function expireLeftStudents(now: Date): Promise<number> {
  const schools = await School.find({ deleting: trusted({ $ne: true }) }, { healthDataRetentionMonths: 1 }).lean();
  let deleted = 0;
  for (const school of schools) {
    const months = school.healthDataRetentionMonths ?? HEALTH_DATA_RETENTION_DEFAULT_MONTHS;
    const firstKept = addMonths(osloDay(now), -months);
    // Only days compare: a student still at the school has no leftAt (null), which no string range takes.
    const { deletedCount } = await RegisterStudentModel.of(school._id).deleteMany({
      leftAt: trusted({ $gte: '0000-01-01', $lt: firstKept }),
    });
    if (deletedCount > 0) {
      await audit(SYSTEM_ACTOR, 'register.expired', {
        id: school._id,
        name: 'Elevregisteret',
        schoolId: school._id,
        detail: `${countNoun(deletedCount, 'elev', 'elever')} som sluttet før ${formatDayNo(firstKept)} (lagringstid ${months} måneder)`,
      });
    }
    deleted += deletedCount;
  }
  return deleted;
}
