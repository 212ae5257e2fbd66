import { readPaths, rollCallsSchema, type RollCall } from '#protocol';
import { getData } from '../../api/http';
import { requestSchool, scopeDay } from '../../stores/dayScope';
import { createSnapshotStore } from '../../stores/snapshot';

/**
 * A past or present report day's roll calls as its record shows them (the report page, yesterday's
 * page): read afresh each time a page asks, apart from the board's own store, so reading an old
 * report never replaces tonight's copy on the phone.
 */
export const useRollResultsStore = createSnapshotStore<RollCall[]>(
  (scope) => getData(readPaths.rollCalls(scopeDay(scope) ?? '', requestSchool(scope)), rollCallsSchema),
  { keptLive: false },
);
