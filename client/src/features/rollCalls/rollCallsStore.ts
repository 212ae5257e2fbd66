import { readPaths, rollCallsSchema, withRollMark, type RollCall, type RollMark } from '#protocol';
import { getData } from '../../api/http';
import { isOwnEvent } from '../../api/ownWrites';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { requestSchool, scopeDay, scopeSchool } from '../../stores/dayScope';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';
import { createCollectionStore } from '../../stores/collection';
import { tellNotFound } from './notFoundNotice';

/**
 * A report day's roll calls (issue 47), by 'school|day' scope: started, marked and finished by the
 * supervisors and the office, live, and kept on the device for a roll in a Wi-Fi hole.
 */
export const useRollCallsStore = createCollectionStore<RollCall>({
  fetch: (scope) => getData(readPaths.rollCalls(scopeDay(scope) ?? '', requestSchool(scope)), rollCallsSchema),
  belongs: (call, scope) => scopeDay(scope) === call.date && aboutSchoolOnScreen(call.schoolId, scopeSchool(scope)),
  keptOnDevice: { name: 'rollCalls', schema: rollCallsSchema },
});

/** One student's mark, as the server answered it or another phone made it: put on the roll this phone has. */
export function receiveRollMark(mark: RollMark): void {
  const store = useRollCallsStore.getState();
  const call = store.byId[mark.rollCallId];
  if (call) store.put(withRollMark(call, mark));
}

export const rollCallEvents: EventHandlers<'rollCalls.saved' | 'rollCalls.marked'> = {
  'rollCalls.saved': (call) => useRollCallsStore.getState().put(call),
  'rollCalls.marked': (mark, origin) => {
    const before = useRollCallsStore.getState().byId[mark.rollCallId]?.marks.find((m) => m.studentId === mark.studentId);
    receiveRollMark(mark);
    if (!isOwnEvent(origin) && mark.state === 'missing' && before?.state !== 'missing') tellNotFound(mark);
  },
};
registerEventHandlers(rollCallEvents);
