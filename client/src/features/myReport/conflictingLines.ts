import { mergeTexts } from '#protocol';
import type { Conflict } from './myReportMachine';

/** Between two stretches of conflicting lines: the lines both sides agree on are not repeated. */
const GAP = '…';

/** Only the lines both sides changed, each side's, for the conflict panel: the rest is merged already. */
export function conflictingLines(conflict: Conflict): { mine: string; theirs: string } {
  const stretches = mergeTexts(conflict.base, conflict.mine, conflict.theirs).chunks.flatMap((chunk) =>
    chunk.kind === 'conflict' ? [chunk] : [],
  );
  const side = (pick: 'mine' | 'theirs') => stretches.map((chunk) => chunk[pick].join('\n')).join(`\n${GAP}\n`);
  return { mine: side('mine'), theirs: side('theirs') };
}
