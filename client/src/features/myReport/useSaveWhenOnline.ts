import { useEffect } from 'react';
import { useMyReportStore } from './myReportStore';
import { tellSaveOutcome } from './saveOutcome';

/**
 * Back on line after the browser lost its network: what was typed meanwhile is saved without
 * waiting for Lagre (issue 13: 'endringer lagres når du er på nett igjen'). A draft found at
 * sign-in is not: its writer decides. Mounted with the board.
 */
export function useSaveWhenOnline(): void {
  const saveTypedOffline = useMyReportStore((state) => state.saveTypedOffline);
  useEffect(() => {
    const online = () => void saveTypedOffline().then((outcome) => outcome && tellSaveOutcome(outcome));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [saveTypedOffline]);
}
