import { registerEntriesSchema, registerEntrySchema, type RegisterEntry } from '#protocol';
import { getData, withSchool } from '../../api/http';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';
import { followClasses } from './followClasses';

/**
 * The school's students as the lists pick from them and a night round reads them (name, class,
 * house, room): every reader of the register. Kept on the device, so the lists can still pick
 * from it off line.
 */
export const useRegisterEntriesStore = createCollectionStore<RegisterEntry>({
  fetch: (scope) => getData(withSchool('/api/register/entries', scope || null), registerEntriesSchema),
  keptOnDevice: { name: 'registerEntries', schema: registerEntriesSchema },
});

export const registerEntryEvents: EventHandlers<
  'registerEntries.saved' | 'registerEntries.removed' | 'registerEntries.imported' | 'classes.updated' | 'classes.deleted'
> = {
  'registerEntries.saved': (entry) => useRegisterEntriesStore.getState().put(registerEntrySchema.parse(entry)),
  'registerEntries.removed': ({ id }) => useRegisterEntriesStore.getState().remove(id),
  // A file imported changed many at once: the list is read again, if it is loaded.
  'registerEntries.imported': () => {
    if (useRegisterEntriesStore.getState().loaded) void useRegisterEntriesStore.getState().reload();
  },
  ...followClasses(useRegisterEntriesStore),
};
registerEventHandlers(registerEntryEvents);
