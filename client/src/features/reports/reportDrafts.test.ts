import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuseStorage } from '../../testing/storage';
import { listDrafts, readDraft, removeDraft, writeDraft } from './reportDrafts';

const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OLA = 'cccccccccccccccccccccccc';
const keyOf = (userId: string, date: string) => `tilsynsvakt_draft:${userId}:${date}`;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('report drafts in localStorage', () => {
  it('keeps the typed text per user and report day, with the time it was typed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T21:14:00Z'));

    expect(writeDraft(KARI, '2026-11-20', 'Rolig kveld')).toBe(true);

    expect(readDraft(KARI, '2026-11-20')).toEqual({ date: '2026-11-20', content: 'Rolig kveld', typedAt: '2026-11-20T21:14:00.000Z' });
    expect(JSON.parse(localStorage.getItem(keyOf(KARI, '2026-11-20'))!)).toEqual({ content: 'Rolig kveld', typedAt: '2026-11-20T21:14:00.000Z' });
    expect(readDraft(KARI, '2026-11-21')).toBeNull();
    expect(readDraft(OLA, '2026-11-20')).toBeNull();
  });

  it("lists only the user's own drafts, oldest day first", () => {
    writeDraft(KARI, '2026-11-20', 'fredag');
    writeDraft(OLA, '2026-11-19', 'Olas torsdag');
    writeDraft(KARI, '2026-11-18', 'onsdag');
    localStorage.setItem('tilsynsvakt_auth', '{}');

    expect(listDrafts(KARI).map((d) => [d.date, d.content])).toEqual([
      ['2026-11-18', 'onsdag'],
      ['2026-11-20', 'fredag'],
    ]);
    expect(listDrafts(OLA).map((d) => d.content)).toEqual(['Olas torsdag']);
  });

  it('an empty text is a draft too (Tøm before the server knows)', () => {
    writeDraft(KARI, '2026-11-20', '');
    expect(readDraft(KARI, '2026-11-20')?.content).toBe('');
  });

  it('removing a draft removes only that day', () => {
    writeDraft(KARI, '2026-11-19', 'torsdag');
    writeDraft(KARI, '2026-11-20', 'fredag');

    removeDraft(KARI, '2026-11-19');

    expect(readDraft(KARI, '2026-11-19')).toBeNull();
    expect(listDrafts(KARI).map((d) => d.date)).toEqual(['2026-11-20']);
  });

  it('ignores stored values that are not a draft (damaged JSON, wrong shape)', () => {
    localStorage.setItem(keyOf(KARI, '2026-11-18'), '{not json');
    localStorage.setItem(keyOf(KARI, '2026-11-19'), JSON.stringify({ content: 42 }));
    writeDraft(KARI, '2026-11-20', 'ok');

    expect(readDraft(KARI, '2026-11-18')).toBeNull();
    expect(readDraft(KARI, '2026-11-19')).toBeNull();
    expect(listDrafts(KARI).map((d) => d.content)).toEqual(['ok']);
  });

  it('says so when the browser refuses to store (full or disabled), and never throws', () => {
    refuseStorage();

    expect(writeDraft(KARI, '2026-11-20', 'tekst')).toBe(false);
    expect(readDraft(KARI, '2026-11-20')).toBeNull();
    expect(() => removeDraft(KARI, '2026-11-20')).not.toThrow();
    expect(listDrafts(KARI)).toEqual([]);
  });
});
