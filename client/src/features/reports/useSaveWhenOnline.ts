import { useEffect } from 'react';
import { useMyReportStore } from '../../stores/myReportStore';
import { tellSaveOutcome } from './saveOutcome';

/**
 * Back on line after the browser lost its network: what was typed meanwhile is saved without
 * waiting for Lagre (issue 13: 'endringer lagres når du er på nett igjen'). A draft found at
 * sign-in is not: its writer decides. Mounted with the board.
 */
export function useSaveWhenOnline(): void {
  useEffect(() => {
    async function saveTyped(): Promise<void> {
      const store = useMyReportStore.getState();
      if (!store.userId || store.status === 'idle') return;
      await store.refresh();
      const { unsaved, status, saving, save } = useMyReportStore.getState();
      if (unsaved && status === 'ready' && !saving) tellSaveOutcome(await save('button'));
    }
    const online = () => void saveTyped();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}
