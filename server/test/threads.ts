import { readdirSync, readFileSync } from 'node:fs';
import { EXPORT_NICENESS } from '../src/features/exports/workerPriority';

/** A thread's nice value, from /proc (Linux): the 19th field of its stat. */
export function niceOfThread(task: string | number): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
  } catch {
    return undefined;
  }
}

/** This process's export worker threads: those at the export workers' nice value (workerPriority.ts). */
export const exportWorkerThreads = (): number =>
  readdirSync('/proc/self/task').filter((task) => niceOfThread(task) === EXPORT_NICENESS).length;
