import { useEffect, useState } from 'react';
import { osloDay } from '../../../../protocol/src';

const CHECK_MS = 60 * 1000;

/** Today's date in Oslo (YYYY-MM-DD), kept current when the page stays open past midnight. */
export function useToday(): string {
  const [today, setToday] = useState(() => osloDay(new Date()));
  useEffect(() => {
    const interval = setInterval(() => setToday(osloDay(new Date())), CHECK_MS);
    return () => clearInterval(interval);
  }, []);
  return today;
}
