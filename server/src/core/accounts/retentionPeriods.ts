import type { Types } from 'mongoose';
import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { addMonths, osloDay } from '#protocol/time';
import { trusted } from '../../db/trusted';
import { School } from './schoolModel';

export type RetentionPeriod = { schoolId: Types.ObjectId; months: number; firstKept: string };

/**
 * Each school's retention period (DECISIONS: per school, default 12 months) as the first day it
 * still keeps: what is about a day before it is deleted by the hourly expiries (server/src/retention.ts).
 */
export async function retentionPeriods(now: Date): Promise<RetentionPeriod[]> {
  const schools = await School.find({ deleting: trusted({ $ne: true }) }, { healthDataRetentionMonths: 1 }).lean();
  return schools.map((school) => {
    const months = school.healthDataRetentionMonths ?? HEALTH_DATA_RETENTION_DEFAULT_MONTHS;
    return { schoolId: school._id, months, firstKept: addMonths(osloDay(now), -months) };
  });
}
