import { REPORT_TEXTS } from '#protocol';
import type { SaveOutcome } from './myReportSave';
import { failureToast, toast } from '../../ui/toastStore';

export const SAVE_FAILED = 'Kunne ikke lagre. Prøv igjen.';
export const CONFLICT_TITLE = 'Rapporten er endret et annet sted';
export const WAITING_TITLE = 'Venter på nett';
export const MERGED_DESCRIPTION = 'Endringene som ble lagret et annet sted, er tatt med.';

/** Tells the supervisor how a save of the daily report ended (spec §8 'Rapport'). */
export function tellSaveOutcome(outcome: SaveOutcome): void {
  switch (outcome.kind) {
    case 'saved':
      return toast({ title: 'Lagret' });
    case 'merged':
      return toast({ title: 'Lagret', description: MERGED_DESCRIPTION });
    case 'nothingToSave':
      return;
    case 'locked':
      // The draft stays on the board, read-only and copyable, until discarded.
      return toast({ title: REPORT_TEXTS.locked, description: 'Teksten ble ikke lagret. Du kan kopiere den.', variant: 'destructive' });
    case 'resetWindow':
      return toast({ title: REPORT_TEXTS.resetWindow, description: 'Teksten er tatt vare på i nettleseren.', variant: 'destructive' });
    case 'wrongDay':
      return toast({ title: REPORT_TEXTS.wrongDay, variant: 'destructive' });
    case 'waiting':
      return toast({ title: WAITING_TITLE, description: 'Lagres når du er på nett igjen.' });
    case 'conflict':
      return toast({
        title: CONFLICT_TITLE,
        description: 'Velg hva som skal gjelde der den samme linjen er endret. Ingenting er slettet.',
        variant: 'destructive',
      });
    case 'tickTimeRefused':
      // Told, not dropped in silence: the person knows to tick the round again if it was done.
      return toast({
        title: 'En runde ble ikke lagret',
        description: `${outcome.serverText} Trykk på runden igjen hvis den er gjort.`,
        variant: 'destructive',
      });
    case 'failed':
      return failureToast(SAVE_FAILED, outcome.serverText);
  }
}
