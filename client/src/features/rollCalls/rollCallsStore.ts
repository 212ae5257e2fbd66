import { rollCallsSchema, type RollCall } from '#protocol';
import { getData, withSchool } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { requestSchool, scopeDay, scopeSchool } from '../../stores/dayScope';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { createCollectionStore } from '../../stores/collection';

/**
 * A report day's roll calls (issue 47), by 'school|day' scope: started, marked and finished by the
 * supervisors and the office, live. The roll's own screen is still to come; the store keeps them
 * for it.
 */
export const useRollCallsStore = createCollectionStore<RollCall>({
  fetch: (scope) =>
    getData(withSchool(`/api/roll-calls?date=${encodeURIComponent(scopeDay(scope) ?? '')}`, requestSchool(scope)), rollCallsSchema),
  belongs: (call, scope) => scopeDay(scope) === call.date && aboutSchoolOnScreen(call.schoolId, scopeSchool(scope)),
});

export const rollCallEvents: EventHandlers<'rollCalls.saved'> = {
  'rollCalls.saved': (call) => useRollCallsStore.getState().put(call),
};
registerEventHandlers(rollCallEvents);
