import { readPaths, tonightSchema, type Tonight } from '#protocol';
import { getData } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { requestSchool, scopeDay } from '../../stores/dayScope';
import { createSnapshotStore } from '../../stores/snapshot';

/**
 * Tonight's list of a 'school|day' scope (issue 47): every house's boarders expected that night,
 * the sick marked. Kept on the device for a roll call in a Wi-Fi hole, and read again whenever a
 * list it is made from changes, so a student put on the sick or away list during the evening moves
 * on every open roll at once.
 */
export const useTonightStore = createSnapshotStore<Tonight>(
  (scope) => getData(readPaths.tonight(scopeDay(scope) ?? '', requestSchool(scope)), tonightSchema),
  { keptOnDevice: { name: 'tonight', schema: tonightSchema } },
);

function readAgain(): void {
  const store = useTonightStore.getState();
  if (store.loaded || store.status === 'loading') void store.reload();
}

/** The lists tonight's list is made from: any change to them reads it again. */
export const tonightEvents: EventHandlers<
  | 'sickLists.updated'
  | 'trips.saved'
  | 'trips.deleted'
  | 'registerEntries.saved'
  | 'registerEntries.removed'
  | 'registerEntries.imported'
  | 'classes.updated'
  | 'classes.deleted'
> = {
  'sickLists.updated': readAgain,
  'trips.saved': readAgain,
  'trips.deleted': readAgain,
  'registerEntries.saved': readAgain,
  'registerEntries.removed': readAgain,
  'registerEntries.imported': readAgain,
  'classes.updated': readAgain,
  'classes.deleted': readAgain,
};
registerEventHandlers(tonightEvents);
