import type { Clock } from './clock';
import { expireEvacuations } from './features/evacuations/retention';
import { expireRollCalls } from './features/rollCalls/retention';
import { expireHealthData } from './features/sick/retention';
import { expireLeftStudents } from './features/studentRegister/retention';

const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/** What is deleted when the school's retention period has passed: sick lists, students who left (issue 46), roll calls and evacuation lists (issue 47). */
const EXPIRIES: Array<{ run: (now: Date) => Promise<number>; failed: string }> = [
  { run: expireHealthData, failed: 'sletting av gamle sykelister feilet' },
  { run: expireLeftStudents, failed: 'sletting av elever som har sluttet feilet' },
  { run: expireRollCalls, failed: 'sletting av gamle opptellinger feilet' },
  { run: expireEvacuations, failed: 'sletting av gamle evakueringslister feilet' },
];

/** Runs the expiries soon after start and then every hour, until stopped. */
export function scheduleRetention(clock: Clock, log: { error(err: unknown, message: string): void }): () => void {
  const run = () => {
    for (const expiry of EXPIRIES) void expiry.run(clock.now()).catch((err: unknown) => log.error(err, expiry.failed));
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, EXPIRY_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
