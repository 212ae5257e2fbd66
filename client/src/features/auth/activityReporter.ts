/** The server is told of activity at most once in this time (its idle limit allows 2 min 10 s). */
export const ACTIVITY_REPORT_MS = 60_000;

/**
 * Throttles the person's activity into reports to the server (issue 43: the server keeps the
 * spec's idle limit too): the first activity is reported at once; activity within the minute after
 * a report is reported once, at that minute's end. So the server's record is never more than a
 * minute behind while the person is active, and no more than one report goes out a minute.
 */
export function activityReporter(report: () => void, timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let activeSince = false;
  const endOfMinute = () => {
    timer = undefined;
    if (!activeSince) return;
    send();
  };
  const send = () => {
    activeSince = false;
    report();
    timer = timers.setTimeout(endOfMinute, ACTIVITY_REPORT_MS);
  };
  return {
    activity(): void {
      if (timer === undefined) send();
      else activeSince = true;
    },
    stop(): void {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
