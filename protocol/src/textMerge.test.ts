import { describe, expect, it } from 'vitest';
import { cleanMerge, mergedText, mergeTexts } from './textMerge';

const lines = (...all: string[]) => all.join('\n');

describe('mergeTexts: changes of one side only', () => {
  it('takes the other side when one side kept the base', () => {
    expect(cleanMerge('a\nb', 'a\nb', 'a\nB')).toBe('a\nB');
    expect(cleanMerge('a\nb', 'a\nB', 'a\nb')).toBe('a\nB');
  });

  it('keeps a text both sides left alone, and one both changed the same way once', () => {
    expect(cleanMerge('a\nb', 'a\nb', 'a\nb')).toBe('a\nb');
    expect(cleanMerge('a\nb', 'a\nX\nb', 'a\nX\nb')).toBe('a\nX\nb');
    expect(cleanMerge('a\nb\nc', 'a\nc', 'a\nc')).toBe('a\nc');
  });

  it('takes changes of different lines from both sides, without a question', () => {
    const base = lines('Rom 12 stille', 'Ola syk', 'Kari hjemme', 'Alt rolig');
    const mine = lines('Rom 12 stille', 'Ola syk, fikk paracet 22:10', 'Kari hjemme', 'Alt rolig');
    const theirs = lines('Rom 12 stille', 'Ola syk', 'Kari hjemme', 'Alt rolig etter 23');
    expect(cleanMerge(base, mine, theirs)).toBe(lines('Rom 12 stille', 'Ola syk, fikk paracet 22:10', 'Kari hjemme', 'Alt rolig etter 23'));
  });

  it('takes changes of neighbouring lines from both sides', () => {
    expect(cleanMerge('a\nb\nc', 'A\nb\nc', 'a\nB\nc')).toBe('A\nB\nc');
    // One side changes the last line, the other adds a line after it.
    expect(cleanMerge('a\nb', 'a\nB', 'a\nb\nc')).toBe('a\nB\nc');
    // One side adds a line before a line the other changed.
    expect(cleanMerge('a\nb', 'a\nX\nb', 'a\nB')).toBe('a\nX\nB');
  });

  it('takes insertions at different places', () => {
    expect(cleanMerge('a\nb\nc', 'X\na\nb\nc', 'a\nb\nc\nY')).toBe('X\na\nb\nc\nY');
    expect(cleanMerge('a\nb\nc', 'a\nX\nb\nc', 'a\nb\nY\nc')).toBe('a\nX\nb\nY\nc');
  });

  it('takes deletions of different lines, and a deletion beside a change', () => {
    expect(cleanMerge('a\nb\nc\nd', 'a\nc\nd', 'a\nb\nc')).toBe('a\nc');
    expect(cleanMerge('a\nb\nc', 'a\nc', 'a\nb\nC')).toBe('a\nC');
  });

  it('takes the whole text of one side when the other emptied nothing and the base was empty', () => {
    expect(cleanMerge('', 'Ny rapport', '')).toBe('Ny rapport');
    expect(cleanMerge('', '', 'Ny rapport')).toBe('Ny rapport');
  });

  it('takes one side emptying the text when the other left it as it was', () => {
    expect(cleanMerge('a\nb', '', 'a\nb')).toBe('');
  });
});

describe('mergeTexts: the same lines changed on both sides', () => {
  it('asks once for a line both changed differently, and shows only that line', () => {
    const merge = mergeTexts('a\nb\nc', 'a\nMIN\nc', 'a\nDERES\nc');
    expect(merge.conflicts).toBe(1);
    expect(merge.chunks).toEqual([
      { kind: 'agreed', lines: ['a'] },
      { kind: 'conflict', base: ['b'], mine: ['MIN'], theirs: ['DERES'] },
      { kind: 'agreed', lines: ['c'] },
    ]);
    expect(mergedText(merge, 'mine')).toBe('a\nMIN\nc');
    expect(mergedText(merge, 'theirs')).toBe('a\nDERES\nc');
    // Both: the lines they shared stay once, the two versions of the line follow each other.
    expect(mergedText(merge, 'both')).toBe('a\nDERES\nMIN\nc');
  });

  it('asks for insertions at the same place, and keeps the other lines merged', () => {
    const merge = mergeTexts('a\nb', 'X\na\nb', 'Y\na\nB');
    expect(merge.conflicts).toBe(1);
    expect(mergedText(merge, 'both')).toBe('Y\nX\na\nB');
  });

  it('asks when both started from an empty text', () => {
    const merge = mergeTexts('', 'Fra mobilen', 'Fra PC-en');
    expect(merge.conflicts).toBe(1);
    expect(mergedText(merge, 'both')).toBe('Fra PC-en\nFra mobilen');
  });

  it('asks when one side changed a line the other deleted', () => {
    const merge = mergeTexts('a\nb\nc', 'a\nB\nc', 'a\nc');
    expect(merge.conflicts).toBe(1);
    expect(mergedText(merge, 'mine')).toBe('a\nB\nc');
    expect(mergedText(merge, 'theirs')).toBe('a\nc');
    expect(mergedText(merge, 'both')).toBe('a\nB\nc');
  });

  it('counts separate stretches separately, and settles every one with the choice', () => {
    const merge = mergeTexts('a\nb\nc\nd\ne', 'A1\nb\nc\nd\nE1', 'A2\nb\nC\nd\nE2');
    expect(merge.conflicts).toBe(2);
    expect(mergedText(merge, 'mine')).toBe('A1\nb\nC\nd\nE1');
    expect(mergedText(merge, 'theirs')).toBe('A2\nb\nC\nd\nE2');
  });

  it('joins overlapping changes into one question', () => {
    const merge = mergeTexts('a\nb\nc\nd', 'a\nX\nY\nd', 'a\nb\nZ\nd');
    expect(merge.conflicts).toBe(1);
    expect(merge.chunks[1]).toEqual({ kind: 'conflict', base: ['b', 'c'], mine: ['X', 'Y'], theirs: ['b', 'Z'] });
  });
});

describe('mergeTexts: line breaks', () => {
  it('keeps a trailing line break that both had, and takes one that one side added', () => {
    expect(cleanMerge('a\nb\n', 'A\nb\n', 'a\nB\n')).toBe('A\nB\n');
    expect(cleanMerge('a\nb', 'a\nb\n', 'A\nb')).toBe('A\nb\n');
  });

  it('reads CRLF as a line break and writes the text with the breaks this side uses', () => {
    expect(cleanMerge('a\r\nb\r\nc', 'A\r\nb\r\nc', 'a\nb\nC')).toBe('A\r\nb\r\nC');
    expect(cleanMerge('a\r\nb', 'a\nB', 'A\r\nb')).toBe('A\nB');
    expect(cleanMerge('a\rb', 'a\rB', 'A\rb')).toBe('A\nB');
  });

  it('uses the other side’s breaks when this side has a single line', () => {
    expect(cleanMerge('a\r\nb', 'x', 'a\r\nb')).toBe('x');
    expect(cleanMerge('a', 'A', 'a\r\nb')).toBe('A\r\nb');
  });
});

describe('mergeTexts: long texts', () => {
  it('merges changes far apart in a long text', () => {
    const base = Array.from({ length: 600 }, (_, i) => `linje ${i}`);
    const mine = [...base];
    mine[10] = 'endret på mobilen';
    const theirs = [...base];
    theirs[590] = 'endret på PC-en';
    theirs.splice(300, 1);
    const merged = cleanMerge(base.join('\n'), mine.join('\n'), theirs.join('\n'))!.split('\n');
    expect(merged[10]).toBe('endret på mobilen');
    expect(merged).not.toContain('linje 300');
    expect(merged[589]).toBe('endret på PC-en');
    expect(merged).toHaveLength(599);
  });

  it('asks instead of comparing for ever when two long middles differ throughout', () => {
    const base = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    const mine = Array.from({ length: 3000 }, (_, i) => `m${i}`).join('\n');
    const theirs = Array.from({ length: 3000 }, (_, i) => `t${i}`).join('\n');
    const merge = mergeTexts(base, mine, theirs);
    expect(merge.conflicts).toBe(1);
    expect(mergedText(merge, 'theirs')).toBe(theirs);
  });
});
