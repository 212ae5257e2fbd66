import { useState } from 'react';
import { serverMessage } from '../api/http';
import { failureToast, toast } from './toastStore';

type Outcome = {
  success: string;
  /** The failure toast's title; below it the server's message, or what `detail` says. */
  failure: string;
  detail?(error: unknown): string;
  /** After a failure (e.g. someone else got there first), besides the toast. */
  onFailure?(error: unknown): void;
};

/**
 * Actions on the items of a list (a user, a case): one at a time per item, the item busy while its
 * action runs, the outcome told in a toast. The screen decides what each action is.
 */
export function useItemActions() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  /** True when the action was done. */
  /** `action` is a store's action: it calls the server and puts the answer in its store. */
  async function run(id: string, action: () => Promise<unknown>, outcome: Outcome): Promise<boolean> {
    if (busy.has(id)) return false;
    setBusy((current) => new Set(current).add(id));
    try {
      await action();
      toast({ title: outcome.success });
      return true;
    } catch (error) {
      failureToast(outcome.failure, outcome.detail ? outcome.detail(error) : serverMessage(error, ''));
      outcome.onFailure?.(error);
      return false;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }

  return { isBusy: (id: string) => busy.has(id), anyBusy: busy.size > 0, run };
}
