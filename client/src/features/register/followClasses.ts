import type { EventHandlers } from '../../realtime/eventHandlers';
import type { CollectionState } from '../../stores/collection';

type WithClass = { id: string; classId: string | null; className: string };

/** A class renamed or deleted: the students of a register list show its new name, or none. */
export function followClasses<T extends WithClass>(store: {
  getState(): CollectionState<T>;
}): EventHandlers<'classes.updated' | 'classes.deleted'> {
  const change = (classId: string, changed: Pick<WithClass, 'classId' | 'className'>) => {
    const { byId, put } = store.getState();
    for (const item of Object.values(byId)) if (item.classId === classId) put({ ...item, ...changed });
  };
  return {
    'classes.updated': (schoolClass) => change(schoolClass.id, { classId: schoolClass.id, className: schoolClass.className }),
    'classes.deleted': ({ id }) => change(id, { classId: null, className: '' }),
  };
}
