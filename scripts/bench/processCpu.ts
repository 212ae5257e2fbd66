import { readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds a process has used so far (user + system), from /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** How busy each process was while `work` ran: CPU seconds per wall second (1.0 = one core full). */
export async function busyWhile<T>(
  pids: Record<string, number>,
  work: () => Promise<T>,
): Promise<{ value: T; busy: Record<string, number> }> {
  const before = Object.fromEntries(
    await Promise.all(Object.entries(pids).map(async ([name, pid]) => [name, await cpuSeconds(pid)] as const)),
  );
  const started = performance.now();
  const value = await work();
  const wall = (performance.now() - started) / 1000;
  const busy: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) busy[name] = ((await cpuSeconds(pid)) - before[name]!) / wall;
  return { value, busy };
}
