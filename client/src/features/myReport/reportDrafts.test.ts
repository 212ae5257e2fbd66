import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuseStorage } from '../../testing/storage';
import { listDrafts, readDraft, removeDraft, writeDraft } from './reportDrafts';

const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OLA = 'cccccccccccccccccccccccc';
const keyOf = (userId: string, date: string) => `tilsynsvakt_draft:${userId}:${date}`;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('report drafts in localStorage', () => {
  it('keeps the typed text per user and report day, with the time it was typed and the version it was written from', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T21:14:00Z'));

    expect(writeDraft(KARI, '2026-11-20', 'Rolig kveld', 3)).toBe(true);

    expect(readDraft(KARI, '2026-11-20')).toEqual({
      date: '2026-11-20',
      content: 'Rolig kveld',
      typedAt: '2026-11-20T21:14:00.000Z',
      baseVersion: 3,
    });
    expect(JSON.parse(localStorage.getItem(keyOf(KARI, '2026-11-20'))!)).toEqual({
      content: 'Rolig kveld',
      typedAt: '2026-11-20T21:14:00.000Z',
      baseVersion: 3,
    });
    expect(readDraft(KARI, '2026-11-21')).toBeNull();
    expect(readDraft(OLA, '2026-11-20')).toBeNull();
  });

  it("lists only the user's own drafts, oldest day first", () => {
    writeDraft(KARI, '2026-11-20', 'fredag', 0);
    writeDraft(OLA, '2026-11-19', 'Olas torsdag', 0);
    writeDraft(KARI, '2026-11-18', 'onsdag', 0);
    localStorage.setItem('tilsynsvakt_auth', '{}');

    expect(listDrafts(KARI).map((d) => [d.date, d.content])).toEqual([
      ['2026-11-18', 'onsdag'],
      ['2026-11-20', 'fredag'],
    ]);
    expect(listDrafts(OLA).map((d) => d.content)).toEqual(['Olas torsdag']);
  });

  it('reads a draft kept before versions were, without one', () => {
    localStorage.setItem(keyOf(KARI, '2026-11-20'), JSON.stringify({ content: 'Gammel kladd', typedAt: '2026-11-20T21:14:00.000Z' }));

    expect(readDraft(KARI, '2026-11-20')).toEqual({ date: '2026-11-20', content: 'Gammel kladd', typedAt: '2026-11-20T21:14:00.000Z' });
  });

  it('an empty text is a draft too (Tøm before the server knows)', () => {
    writeDraft(KARI, '2026-11-20', '', 0);
    expect(readDraft(KARI, '2026-11-20')?.content).toBe('');
  });

  it('removing a draft removes only that day', () => {
    writeDraft(KARI, '2026-11-19', 'torsdag', 0);
    writeDraft(KARI, '2026-11-20', 'fredag', 0);

    removeDraft(KARI, '2026-11-19');

    expect(readDraft(KARI, '2026-11-19')).toBeNull();
    expect(listDrafts(KARI).map((d) => d.date)).toEqual(['2026-11-20']);
  });

  it('ignores stored values that are not a draft (damaged JSON, wrong shape)', () => {
    localStorage.setItem(keyOf(KARI, '2026-11-18'), '{not json');
    localStorage.setItem(keyOf(KARI, '2026-11-19'), JSON.stringify({ content: 42 }));
    writeDraft(KARI, '2026-11-20', 'ok', 0);

    expect(readDraft(KARI, '2026-11-18')).toBeNull();
    expect(readDraft(KARI, '2026-11-19')).toBeNull();
    expect(listDrafts(KARI).map((d) => d.content)).toEqual(['ok']);
  });

  it('says so when the browser refuses to store (full or disabled), and never throws', () => {
    refuseStorage();

    expect(writeDraft(KARI, '2026-11-20', 'tekst', 0)).toBe(false);
    expect(readDraft(KARI, '2026-11-20')).toBeNull();
    expect(() => removeDraft(KARI, '2026-11-20')).not.toThrow();
    expect(listDrafts(KARI)).toEqual([]);
  });
});
