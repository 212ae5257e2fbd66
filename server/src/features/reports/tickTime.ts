import { REPORT_TEXTS } from '#protocol/reports';
import { reportDay } from '#protocol/time';
import { badRequest } from '../../httpError';

/** How far ahead of the server's clock a device's clock may be and its tick still be taken (at the server's time). */
export const TICK_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * When a tick was done: the time the device says it was made (off line, sent later), if that is
 * plausible, or now. Plausible is not ahead of the server's clock by more than a small skew and
 * within the report day it is recorded in (so never older than that day's 09:00).
 */
export function tickTime(doneAt: string | undefined, date: string, now: Date): Date {
  if (doneAt === undefined) return now;
  const at = new Date(doneAt);
  if (at.getTime() > now.getTime() + TICK_CLOCK_SKEW_MS) throw badRequest(REPORT_TEXTS.tickInFuture, 'tickInFuture');
  if (reportDay(at) !== date) throw badRequest(REPORT_TEXTS.tickOutsideDay, 'tickOutsideDay');
  return at.getTime() > now.getTime() ? now : at;
}
