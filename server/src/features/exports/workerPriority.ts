import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** As `nice 19`, the lowest: when the cores are all busy, the event loop answering users runs first. */
export const EXPORT_NICENESS = 19;

/**
 * Lowers the calling thread's scheduling priority, on Linux, where each thread is a task of its
 * own with its own nice value (/proc/thread-self names it). Elsewhere the worker keeps the server's.
 */
export function yieldToTheEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, EXPORT_NICENESS);
  } catch {
    // Not Linux, or not allowed: the export runs at the server's priority.
  }
}
