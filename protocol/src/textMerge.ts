/**
 * A three-way merge of two texts, line by line, against the text both were written from (as
 * diff3 does): a line only one side changed is taken as that side has it; only where both sides
 * changed the same lines, differently, is there a choice. Pure, for the client and the server alike.
 */

/** A stretch of the merged text: agreed lines, or lines both sides changed differently. */
export type MergeChunk = { kind: 'agreed'; lines: string[] } | { kind: 'conflict'; base: string[]; mine: string[]; theirs: string[] };

export interface TextMerge {
  chunks: MergeChunk[];
  /** The line break the merged text is written with. */
  newline: '\n' | '\r\n';
  /** How many stretches both sides changed differently: 0 when the merge needs no question. */
  conflicts: number;
}

/** How a conflicting stretch is settled: this side's lines, the other's, or the other's and then this side's. */
export type MergeChoice = 'mine' | 'theirs' | 'both';

/** One side's change: base lines [start, end) replaced by `lines`. */
interface Hunk {
  side: 'mine' | 'theirs';
  start: number;
  end: number;
  lines: string[];
}

/** Beyond this many line pairs the middle that differs is one change: the merge then asks rather than compares for long. */
const MAX_COMPARED_PAIRS = 4_000_000;

const splitLines = (text: string): string[] => text.split(/\r\n|\n|\r/);

/** The line break a text uses: CRLF when it has one and no bare LF, else LF. */
function newlineOf(text: string): '\n' | '\r\n' | null {
  if (!/[\r\n]/.test(text)) return null;
  return /\r\n/.test(text) && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n';
}

/** The lines both texts keep, in order, as pairs of indices (a longest common subsequence). */
function commonLines(a: string[], b: string[]): Array<[number, number]> {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < head; i += 1) pairs.push([i, i]);
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n > 0 && m > 0 && n * m <= MAX_COMPARED_PAIRS) {
    // lengths[i * (m + 1) + j]: the longest common run of a's middle from i and b's from j.
    const lengths = new Uint32Array((n + 1) * (m + 1));
    const length = (i: number, j: number): number => lengths[i * (m + 1) + j] ?? 0;
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        lengths[i * (m + 1) + j] = a[head + i] === b[head + j] ? length(i + 1, j + 1) + 1 : Math.max(length(i + 1, j), length(i, j + 1));
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[head + i] === b[head + j]) {
        pairs.push([head + i, head + j]);
        i += 1;
        j += 1;
      } else if (length(i + 1, j) >= length(i, j + 1)) i += 1;
      else j += 1;
    }
  }
  for (let k = tail; k > 0; k -= 1) pairs.push([a.length - k, b.length - k]);
  return pairs;
}

/** What one side changed of the base, as hunks separated by at least one unchanged line. */
function changes(base: string[], side: string[], name: Hunk['side']): Hunk[] {
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  for (const [bi, si] of [...commonLines(base, side), [base.length, side.length] as [number, number]]) {
    if (bi > i || si > j) hunks.push({ side: name, start: i, end: bi, lines: side.slice(j, si) });
    i = bi + 1;
    j = si + 1;
  }
  return hunks;
}

/**
 * Whether two changes, one of each side, touch the same lines: overlapping ranges, two insertions
 * at one place, or an insertion inside the other's changed lines. Changes of neighbouring lines
 * do not: each is taken.
 */
function overlap(a: Hunk, b: Hunk): boolean {
  const aInserts = a.start === a.end;
  const bInserts = b.start === b.end;
  if (aInserts && bInserts) return a.start === b.start;
  if (aInserts) return b.start < a.start && a.start < b.end;
  if (bInserts) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** The base lines [start, end) with one side's hunks in that stretch applied. */
function applied(base: string[], hunks: Hunk[], start: number, end: number): string[] {
  const out: string[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

/** Merges `mine` and `theirs`, both written from `base`. */
export function mergeTexts(base: string, mine: string, theirs: string): TextMerge {
  const newline = newlineOf(mine) ?? newlineOf(theirs) ?? newlineOf(base) ?? '\n';
  const baseLines = splitLines(base);
  const hunks = [...changes(baseLines, splitLines(mine), 'mine'), ...changes(baseLines, splitLines(theirs), 'theirs')].sort(
    (a, b) => a.start - b.start || a.end - b.end,
  );
  // Changes that touch, directly or through another, are settled together.
  const groups: Hunk[][] = [];
  for (const hunk of hunks) {
    const last = groups.at(-1);
    if (last?.some((other) => other.side !== hunk.side && overlap(other, hunk))) last.push(hunk);
    else groups.push([hunk]);
  }
  const chunks: MergeChunk[] = [];
  const agree = (lines: string[]) => {
    if (lines.length === 0) return;
    const last = chunks.at(-1);
    if (last?.kind === 'agreed') last.lines.push(...lines);
    else chunks.push({ kind: 'agreed', lines: [...lines] });
  };
  let at = 0;
  let conflicts = 0;
  for (const group of groups) {
    const start = Math.min(...group.map((h) => h.start));
    const end = Math.max(...group.map((h) => h.end));
    agree(baseLines.slice(at, start));
    const mineLines = applied(
      baseLines,
      group.filter((h) => h.side === 'mine'),
      start,
      end,
    );
    const theirLines = applied(
      baseLines,
      group.filter((h) => h.side === 'theirs'),
      start,
      end,
    );
    const sides = new Set(group.map((h) => h.side));
    if (sides.size === 1 || sameLines(mineLines, theirLines)) agree(sides.has('mine') ? mineLines : theirLines);
    else {
      chunks.push({ kind: 'conflict', base: baseLines.slice(start, end), mine: mineLines, theirs: theirLines });
      conflicts += 1;
    }
    at = end;
  }
  agree(baseLines.slice(at));
  return { chunks, newline, conflicts };
}

/** The merged text, each conflicting stretch settled by `choice` (the same for every stretch). */
export function mergedText(merge: TextMerge, choice: MergeChoice = 'mine'): string {
  const lines = merge.chunks.flatMap((chunk) => {
    if (chunk.kind === 'agreed') return chunk.lines;
    if (choice === 'mine') return chunk.mine;
    if (choice === 'theirs') return chunk.theirs;
    // An emptied side adds no blank line to the other's.
    const blank = (side: string[]) => side.length === 1 && side[0] === '';
    if (blank(chunk.theirs)) return chunk.mine;
    if (blank(chunk.mine)) return chunk.theirs;
    return [...chunk.theirs, ...chunk.mine];
  });
  return lines.join(merge.newline);
}

/** The merge's text when no question is left, else null. */
export function cleanMerge(base: string, mine: string, theirs: string): string | null {
  const merge = mergeTexts(base, mine, theirs);
  return merge.conflicts === 0 ? mergedText(merge) : null;
}
