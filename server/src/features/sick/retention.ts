import { trusted } from '../../db/trusted';
import { runExpiry } from '../audit/expiry';
import { SickRecord } from './model';

/**
 * Health data does not outlive its purpose: a school's sick lists (names and comments) older than
 * its retention period are deleted, and the trail says how many and up to which date, never
 * whose. Reports keep their text.
 */
export function expireHealthData(now: Date): Promise<number> {
  return runExpiry(now, {
    action: 'sick.expired',
    name: 'Sykelister',
    noun: ['sykeliste', 'sykelister'],
    remove: async (schoolId, firstKept) => (await SickRecord.of(schoolId).deleteMany({ date: trusted({ $lt: firstKept }) })).deletedCount,
  });
}
