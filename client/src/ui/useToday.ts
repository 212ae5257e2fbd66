import { useEffect, useState } from 'react';
import { osloDay, reportDay } from '#protocol';

const CHECK_MS = 60 * 1000;

/** A day computed from the clock, asked again every minute so a page left open moves on with it. */
function useDayOf(dayOf: (now: Date) => string): string {
  const [day, setDay] = useState(() => dayOf(new Date()));
  useEffect(() => {
    const interval = setInterval(() => setDay(dayOf(new Date())), CHECK_MS);
    return () => clearInterval(interval);
  }, [dayOf]);
  return day;
}

/** Today's date in Oslo (YYYY-MM-DD), kept current when the page stays open past midnight. */
export function useToday(): string {
  return useDayOf(osloDay);
}

/** The report day (before 09:00 Oslo: yesterday's date), kept current across 09:00. */
export function useReportDay(): string {
  return useDayOf(reportDay);
}
