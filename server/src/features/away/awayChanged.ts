import type { Types } from 'mongoose';
import type { Realtime } from '../../realtime/realtime';

/**
 * Who is away changed (a trip added, changed or removed; a class gone from its trips): the
 * features that show it keep up (reports: the open day's away lists), registered where they are
 * wired, so away need import none of them (issue 42). One step per owner; registering again replaces it.
 */
const steps = new Map<string, (schoolId: Types.ObjectId, now: Date, realtime: Realtime) => Promise<void>>();

export function onAwayChanged(owner: string, step: (schoolId: Types.ObjectId, now: Date, realtime: Realtime) => Promise<void>): void {
  steps.set(owner, step);
}

export async function awayChanged(schoolId: Types.ObjectId, now: Date, realtime: Realtime): Promise<void> {
  for (const step of steps.values()) await step(schoolId, now, realtime);
}
