import type { SchoolOption } from '#protocol';
import { fetchSchoolOptions } from '../api/schools';
import { createSnapshotStore } from './snapshot';

/** The active schools for the registration form (scope ''), asked fresh each time the form needs them. */
export const useSchoolOptionsStore = createSnapshotStore<SchoolOption[]>(() => fetchSchoolOptions(), { keptLive: false });
