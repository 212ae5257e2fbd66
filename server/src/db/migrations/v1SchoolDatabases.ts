import { moveToSchoolDatabases } from '../moveToSchoolDatabases';
import type { Migration } from './migration';
import { countNoun } from '#protocol/counting';

/** Each school's documents move from collections shared by all schools to the school's own database. */
export const v1SchoolDatabases: Migration = {
  version: 1,
  name: 'skolenes egne databaser',
  async up(log) {
    const moved = await moveToSchoolDatabases();
    if (moved > 0) log(`Flyttet ${countNoun(moved, 'dokument', 'dokumenter')} til skolenes egne databaser`);
  },
};
