import { useEffect, useRef, useState } from 'react';
import { isResetWindow, nextBoundary, reportDay, type MyReport } from '#protocol';
import { useTaskRoundsStore } from '../rounds/roundsStore';
import { useMyReportStore } from '../myReport/myReportStore';

// Fire just after the boundary, so the server (whose clock may be a little behind) has crossed it too.
const SLACK_MS = 1500;
const RECHECK_MS = 15_000;
const MAX_RECHECKS = 8;

/** The server does not agree yet that the boundary has passed (its clock is behind ours). */
function serverLagsBehind(report: MyReport | null, at: Date): boolean {
  return !!report && (report.reportDay !== reportDay(at) || report.resetWindow !== isResetWindow(at));
}

/**
 * The time the board's rules were last evaluated at, moved on at each 08:30 and 09:00 (Oslo) while
 * the page is open, and when a phone wakes up past one. Each move asks the server again, which
 * decides the report day; if it has not crossed the boundary yet it is asked again shortly.
 */
export function useReportClock(isSupervisor: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  const reloadRounds = useTaskRoundsStore((state) => state.reload);
  const refreshReport = useMyReportStore((state) => state.refresh);
  const reportNow = useMyReportStore((state) => state.report);
  // The boundary's timers read the report as it is when they fire.
  const report = useRef(reportNow);
  useEffect(() => {
    report.current = reportNow;
  }, [reportNow]);

  useEffect(() => {
    let last = new Date();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let recheck: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;

    async function askServer(at: Date, attempt: number): Promise<void> {
      void reloadRounds();
      if (!isSupervisor) return;
      await refreshReport();
      if (cancelled || attempt >= MAX_RECHECKS || !serverLagsBehind(report.current, at)) return;
      recheck = setTimeout(() => void askServer(at, attempt + 1), RECHECK_MS);
    }

    function crossed(): void {
      const current = new Date();
      last = current;
      setNow(current);
      clearTimeout(recheck);
      void askServer(current, 0);
      schedule();
    }

    function schedule(): void {
      clearTimeout(timer);
      const current = new Date();
      timer = setTimeout(crossed, nextBoundary(current).getTime() - current.getTime() + SLACK_MS);
    }

    // A sleeping phone pauses timers: on waking, compare with the clock.
    function onVisible(): void {
      if (document.visibilityState !== 'visible') return;
      const current = new Date();
      if (reportDay(current) !== reportDay(last) || isResetWindow(current) !== isResetWindow(last)) crossed();
      else schedule();
    }

    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isSupervisor, reloadRounds, refreshReport]);

  return now;
}
