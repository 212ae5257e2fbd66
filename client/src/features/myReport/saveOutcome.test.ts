import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TEXTS } from '#protocol';
import { useToastStore } from '../../ui/toastStore';
import { SAVE_FAILED, tellSaveOutcome } from './saveOutcome';

const toasts = () => useToastStore.getState().toasts.map(({ title, description, variant }) => ({ title, description, variant }));

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('what the board tells after a save (spec §8)', () => {
  it('Lagret; nothing when nothing was left to save', () => {
    tellSaveOutcome({ kind: 'nothingToSave' });
    expect(toasts()).toEqual([]);
    tellSaveOutcome({ kind: 'saved' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ title: 'Lagret' });
    expect(toasts()[0]?.variant).not.toBe('destructive');
  });

  it('each refusal in its own words, the failure with the server’s reason', () => {
    tellSaveOutcome({ kind: 'locked' });
    expect(toasts()[0]).toEqual({
      title: REPORT_TEXTS.locked,
      description: 'Teksten ble ikke lagret. Du kan kopiere den.',
      variant: 'destructive',
    });
    tellSaveOutcome({ kind: 'resetWindow' });
    expect(toasts()[0]).toEqual({
      title: REPORT_TEXTS.resetWindow,
      description: 'Teksten er tatt vare på i nettleseren.',
      variant: 'destructive',
    });
    tellSaveOutcome({ kind: 'wrongDay' });
    expect(toasts()[0]).toMatchObject({ title: REPORT_TEXTS.wrongDay, variant: 'destructive' });
    tellSaveOutcome({ kind: 'failed', serverText: 'Databasen svarer ikke' });
    expect(toasts()[0]).toEqual({ title: SAVE_FAILED, description: 'Databasen svarer ikke', variant: 'destructive' });
  });
});
