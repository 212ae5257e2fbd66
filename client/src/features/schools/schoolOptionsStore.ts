import type { SchoolOption } from '#protocol';
import { fetchSchoolOptions } from './schoolsApi';
import { createSnapshotStore } from '../../stores/snapshot';

/** The active schools for the registration form (scope ''), asked fresh each time the form needs them. */
export const useSchoolOptionsStore = createSnapshotStore<SchoolOption[]>(() => fetchSchoolOptions(), { keptLive: false });
