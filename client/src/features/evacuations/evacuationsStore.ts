import { evacuationsSchema, readPaths, withEvacueeMark, type Evacuation, type EvacueeMark } from '#protocol';
import { getData } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { aboutSchoolOnScreen } from '../../stores/schoolOnScreen';

/**
 * The school's evacuation under way and the day's earlier ones (issue 47), by school scope ('' for
 * a member), live on every staff device, and kept on the device: the list works in a Wi-Fi hole.
 */
export const useEvacuationsStore = createCollectionStore<Evacuation>({
  fetch: (school) => getData(readPaths.evacuations(school || null), evacuationsSchema),
  belongs: (evacuation, school) => aboutSchoolOnScreen(evacuation.schoolId, school),
  keptOnDevice: { name: 'evacuations', schema: evacuationsSchema },
});

/** One person's mark, as the server answered it or another device made it. */
export function receiveEvacueeMark(mark: EvacueeMark): void {
  const store = useEvacuationsStore.getState();
  const evacuation = store.byId[mark.evacuationId];
  if (evacuation) store.put(withEvacueeMark(evacuation, mark));
}

/** The one under way, if any. */
export const evacuationUnderWay = (byId: Readonly<Record<string, Evacuation>>): Evacuation | undefined =>
  Object.values(byId).find((evacuation) => evacuation.endedAt === null);

export const evacuationEvents: EventHandlers<'evacuations.saved' | 'evacuations.marked'> = {
  'evacuations.saved': (evacuation) => useEvacuationsStore.getState().put(evacuation),
  'evacuations.marked': receiveEvacueeMark,
};
registerEventHandlers(evacuationEvents);
