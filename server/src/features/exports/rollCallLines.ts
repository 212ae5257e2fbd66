import type { Types } from 'mongoose';
import { rollCountText, rollHouseName } from '#protocol/rollCalls';
import { formatClockNo, formatDayNo } from '#protocol/time';
import { listRollCalls } from '../rollCalls/service';

/** A finished roll call as the exports print it beside the reports (issue 47). */
export type RollCallLine = {
  day: string;
  date: string;
  house: string;
  /** '22:00–22:14' */
  time: string;
  finishedBy: string;
  /** '7 av 8 telt, 1 ikke funnet, 0 ikke telt' */
  counts: string;
  notFound: string;
  uncounted: string;
  note: string;
};

/**
 * The school's finished roll calls of the range, in day and time order. Rolls are the school's,
 * not an author's: an export limited to one author has none.
 */
export async function rollCallLines(
  schoolId: Types.ObjectId,
  filter: { from: string; to: string; userId?: string },
): Promise<RollCallLine[]> {
  if (filter.userId) return [];
  return (await listRollCalls(schoolId, filter, true))
    .filter((call) => call.result !== null && call.finishedAt !== null)
    .map((call) => {
      const result = call.result!;
      return {
        day: call.date,
        date: formatDayNo(call.date),
        house: rollHouseName(call.house),
        time: `${formatClockNo(call.startedAt)}–${formatClockNo(call.finishedAt!)}`,
        finishedBy: call.finishedByName ?? '',
        counts: `${rollCountText(result)}, ${result.unmarked} ikke telt`,
        notFound: result.notFound.join(', '),
        uncounted: result.uncounted.join(', '),
        note: call.note,
      };
    });
}
