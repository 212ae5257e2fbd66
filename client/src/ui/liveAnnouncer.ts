import { create } from 'zustand';

/** What the page's one polite live region says now. */
export const useAnnouncerStore = create<{ message: string }>(() => ({ message: '' }));

// Sentences that arrive together are read as one; the region is emptied first, so the same
// sentence said twice is read twice.
const SETTLE_MS = 100;
let queued: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Tells a screen-reader user, politely, what a sighted user sees change on the screen. */
export function announce(sentence: string): void {
  queued.push(sentence);
  if (timer) return;
  useAnnouncerStore.setState({ message: '' });
  timer = setTimeout(() => {
    useAnnouncerStore.setState({ message: queued.join('. ') });
    queued = [];
    timer = null;
  }, SETTLE_MS);
}
