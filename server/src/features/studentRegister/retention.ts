import { formatDayNo } from '#protocol/time';
import { trusted } from '../../db/trusted';
import { runExpiry } from '../audit/expiry';
import { RegisterStudentModel } from './model';

/**
 * A student who left ('Sluttet') stays in the register as long as the school keeps its sick lists
 * (the school's retention period, DECISIONS), then is deleted; the trail says how many, never who.
 */
export function expireLeftStudents(now: Date): Promise<number> {
  return runExpiry(now, {
    action: 'register.expired',
    name: 'Elevregisteret',
    noun: ['elev', 'elever'],
    which: (firstKept) => ` som sluttet før ${formatDayNo(firstKept)}`,
    // Only days compare: a student still at the school has no leftAt (null), which no string range takes.
    remove: async (schoolId, firstKept) =>
      (await RegisterStudentModel.of(schoolId).deleteMany({ leftAt: trusted({ $gte: '0000-01-01', $lt: firstKept }) })).deletedCount,
  });
}
