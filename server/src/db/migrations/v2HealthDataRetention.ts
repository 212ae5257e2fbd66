import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import { School } from '../../features/schools/model';
import { trusted } from '../trusted';
import type { Migration } from './migration';

/** Every school keeps sick lists for a set number of months; schools from before get the default. */
export const v2HealthDataRetention: Migration = {
  version: 2,
  name: 'lagringstid for sykdomsopplysninger',
  async up(log) {
    const result = await School.updateMany(
      { healthDataRetentionMonths: trusted({ $exists: false }) },
      { $set: { healthDataRetentionMonths: HEALTH_DATA_RETENTION_DEFAULT_MONTHS } },
    );
    if (result.modifiedCount > 0) log(`${result.modifiedCount} skole(r) fikk lagringstid ${HEALTH_DATA_RETENTION_DEFAULT_MONTHS} måneder`);
  },
};
