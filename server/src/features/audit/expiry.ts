import type { Types } from 'mongoose';
import type { AuditAction } from '#protocol/audit';
import { countNoun } from '#protocol/counting';
import { formatDayNo } from '#protocol/time';
import { retentionPeriods } from '../../core/accounts/retentionPeriods';
import { audit, SYSTEM_ACTOR } from './service';

export type Expiry = {
  action: AuditAction;
  /** What the trail names ('Sykelister'). */
  name: string;
  /** How one and several are counted ('sykeliste', 'sykelister'). */
  noun: [string, string];
  /** How the trail says which ones: ' fra før 24. november 2025' unless given. */
  which?: (firstKept: string) => string;
  /** Deletes the school's own past `firstKept`, returning how many. */
  remove: (schoolId: Types.ObjectId, firstKept: string) => Promise<number>;
};

/**
 * One expiry over every school by its own retention period: what it deleted goes in the school's
 * trail as a count with the date and the period, never what or who. Safe on several instances at
 * once: each thing is deleted by whichever run gets to it, and each run records what it deleted.
 */
export async function runExpiry(now: Date, expiry: Expiry): Promise<number> {
  let deleted = 0;
  for (const { schoolId, months, firstKept } of await retentionPeriods(now)) {
    const count = await expiry.remove(schoolId, firstKept);
    if (count > 0) {
      const which = expiry.which?.(firstKept) ?? ` fra før ${formatDayNo(firstKept)}`;
      await audit(SYSTEM_ACTOR, expiry.action, {
        id: schoolId,
        name: expiry.name,
        schoolId,
        detail: `${countNoun(count, ...expiry.noun)}${which} (lagringstid ${months} måneder)`,
      });
    }
    deleted += count;
  }
  return deleted;
}
