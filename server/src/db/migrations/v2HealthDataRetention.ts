import { HEALTH_DATA_RETENTION_DEFAULT_MONTHS } from '#protocol/schools';
import mongoose from 'mongoose';
import type { Migration } from './migration';
import { countNoun } from '#protocol/counting';

/** Every school keeps sick lists for a set number of months; schools from before get the default. */
export const v2HealthDataRetention: Migration = {
  version: 2,
  name: 'lagringstid for sykdomsopplysninger',
  async up(log) {
    // The collection as stored, not today's model: a migration describes the data of its time.
    const result = await mongoose.connection
      .collection('schools')
      .updateMany(
        { healthDataRetentionMonths: { $exists: false } },
        { $set: { healthDataRetentionMonths: HEALTH_DATA_RETENTION_DEFAULT_MONTHS } },
      );
    if (result.modifiedCount > 0)
      log(`${countNoun(result.modifiedCount, 'skole', 'skoler')} fikk lagringstid ${HEALTH_DATA_RETENTION_DEFAULT_MONTHS} måneder`);
  },
};
