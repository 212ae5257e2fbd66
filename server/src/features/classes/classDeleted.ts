import type { Types } from 'mongoose';
import type { Realtime } from '../../realtime/realtime';

/** A class deleted, as the features that refer to classes hear of it. */
export type DeletedClass = { schoolId: Types.ObjectId; classId: string; now: Date; realtime: Realtime };

/**
 * What else follows a class's deletion, registered by the features that refer to classes (away:
 * the class leaves every trip), so classes need import none of them (issue 42: no feature imports
 * one that imports it back). One step per owner; registering again replaces it.
 */
const steps = new Map<string, (deleted: DeletedClass) => Promise<void>>();

export function onClassDeleted(owner: string, step: (deleted: DeletedClass) => Promise<void>): void {
  steps.set(owner, step);
}

export async function classDeleted(deleted: DeletedClass): Promise<void> {
  for (const step of steps.values()) await step(deleted);
}
