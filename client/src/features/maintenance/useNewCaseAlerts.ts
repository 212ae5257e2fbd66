import { useEffect } from 'react';
import { useNewTasksStore, usePendingTasksStore } from './maintenanceStore';
import { announce } from '../../ui/liveAnnouncer';
import { SENTENCES } from '../../ui/announcementSentences';
import { roomLabel } from './taskLabels';
import { playChime, unlockAudio, useCaseSoundStore } from './caseSound';

/**
 * A new case makes itself noticed on the caretaker's page: the card is highlighted (TaskCards), a
 * screen reader hears 'Ny sak: 12', and the chime plays only if the caretaker turned it on.
 */
export function useNewCaseAlerts(): void {
  useEffect(
    () =>
      useNewTasksStore.subscribe((state, previous) => {
        const added = [...state.ids].filter((id) => !previous.ids.has(id));
        if (added.length === 0) return;
        const tasks = usePendingTasksStore.getState().byId;
        const rooms = added.flatMap((id) => (tasks[id] ? [roomLabel(tasks[id])] : []));
        announce(rooms.length > 0 ? SENTENCES.newCase(rooms.join(', ')) : 'Ny sak');
        if (useCaseSoundStore.getState().enabled) playChime();
      }),
    [],
  );

  // With the chime on after a reload, the first tap on the page lets the browser play it.
  useEffect(() => {
    const unlock = () => {
      if (useCaseSoundStore.getState().enabled) unlockAudio();
    };
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);
}
