import { describe, expect, it } from 'vitest';
import type { MyReport, Report } from '#protocol';
import { EMPTY, next, type MyReportEvent, type MyReportState } from './myReportMachine';

const DAY = '2026-11-20';
const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const serverCopy = (content: string, updatedAt: string | null = '2026-11-20T20:00:00.000Z', version = content ? 1 : 0): MyReport => ({
  id: content ? ID : null,
  date: DAY,
  content,
  completedTasks: [],
  ticks: [],
  awayStudents: [],
  locked: false,
  resetWindow: false,
  reportDay: DAY,
  updatedAt,
  version,
});
const savedReport = (content: string, updatedAt: string, authorUserId = KARI, version = 2, completedTasks = ['1']): Report => ({
  id: ID,
  date: DAY,
  authorName: 'Kari',
  authorUserId,
  schoolId: 'cccccccccccccccccccccccc',
  content,
  completedTasks,
  ticks: [],
  awayStudents: [],
  locked: false,
  updatedAt,
  version,
});
const run = (...events: MyReportEvent[]): MyReportState => events.reduce(next, EMPTY);
const loadedWith = (content: string, draft?: string, draftBase?: number, version?: number): MyReportEvent => ({
  type: 'loaded',
  report: serverCopy(content, '2026-11-20T20:00:00.000Z', version),
  draft:
    draft === undefined
      ? null
      : { date: DAY, content: draft, typedAt: '2026-11-20T19:00:00.000Z', ...(draftBase === undefined ? {} : { baseVersion: draftBase }) },
  otherDrafts: [],
});

describe("the supervisor's report, as rules", () => {
  it('shows the server’s text, or the draft this device kept, which then is not saved', () => {
    expect(run({ type: 'started', userId: KARI }, loadedWith('Lagret'))).toMatchObject({
      day: DAY,
      text: 'Lagret',
      unsaved: false,
      status: 'ready',
    });
    expect(run({ type: 'started', userId: KARI }, loadedWith('Lagret', 'Halvferdig'))).toMatchObject({ text: 'Halvferdig', unsaved: true });
  });

  it('typing the saved text back is no change', () => {
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith('Lagret'),
      { type: 'typed', text: 'Lagret!' },
      { type: 'typed', text: 'Lagret' },
    );
    expect(state.unsaved).toBe(false);
  });

  it('text typed while a save is on its way stays not saved, and builds on the version just saved', () => {
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith(''),
      { type: 'typed', text: 'Første' },
      { type: 'saveStarted' },
      { type: 'typed', text: 'Første, andre' },
      { type: 'saved', saved: savedReport('Første', '2026-11-20T21:00:00.000Z', KARI, 1) },
    );
    expect(state).toMatchObject({ saving: false, text: 'Første, andre', unsaved: true, baseVersion: 1 });
    expect(state.report).toMatchObject({ id: ID, content: 'Første', version: 1 });
  });

  it('ticks shown while their calls are on their way settle to the server’s answer once it has them all', () => {
    const ticking = run(
      { type: 'started', userId: KARI },
      loadedWith('A'),
      { type: 'ticked', ticks: ['1'] },
      { type: 'ticked', ticks: ['1', '2'] },
    );
    expect(ticking.pendingTicks).toEqual(['1', '2']);

    // The first tick's answer: the second is still on its way, and still shown.
    const first = next(ticking, { type: 'ticksSaved', saved: savedReport('A', '2026-11-20T21:00:00.000Z', KARI, 1, ['1']), last: false });
    expect(first.pendingTicks).toEqual(['1', '2']);
    expect(first.report?.completedTasks).toEqual(['1']);

    const second = next(first, {
      type: 'ticksSaved',
      saved: savedReport('A', '2026-11-20T21:01:00.000Z', KARI, 1, ['1', '2']),
      last: true,
    });
    expect(second.pendingTicks).toBeNull();
    expect(second.report?.completedTasks).toEqual(['1', '2']);
    // A tick is no save of the text: the text and its version stay.
    expect(second).toMatchObject({ text: 'A', unsaved: false, baseVersion: 1 });
  });

  it('ticks settle on the server’s once the last answer is in, even when another device ticked one meanwhile', () => {
    const ticking = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'ticked', ticks: ['1', '3'] });
    const answered = next(ticking, {
      type: 'ticksSaved',
      saved: savedReport('A', '2026-11-20T21:00:00.000Z', KARI, 1, ['1', '2', '3']),
      last: true,
    });
    expect(answered.pendingTicks).toBeNull();
    expect(answered.report?.completedTasks).toEqual(['1', '2', '3']);
  });

  it('a refused tick is taken back: the server’s ticks are shown', () => {
    const state = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'ticked', ticks: ['3'] }, { type: 'tickFailed' });
    expect(state.pendingTicks).toBeNull();
    expect(state.report?.completedTasks).toEqual([]);
  });

  it('an answer asked before a save finished does not undo the save', () => {
    const afterSave = run(
      { type: 'started', userId: KARI },
      loadedWith(''),
      { type: 'typed', text: 'Ny' },
      { type: 'saved', saved: savedReport('Ny', '2026-11-20T21:00:00.000Z') },
    );
    const state = next(afterSave, { type: 'loaded', report: serverCopy('', '2026-11-20T20:30:00.000Z'), draft: null, otherDrafts: [] });
    expect(state).toMatchObject({ text: 'Ny', unsaved: false });
    expect(state.report?.content).toBe('Ny');
  });

  it('my report saved on another device replaces an untouched text, never one being typed, and never with an older save', () => {
    const untouched = run({ type: 'started', userId: KARI }, loadedWith('A'), {
      type: 'savedElsewhere',
      saved: savedReport('Fra telefonen', '2026-11-20T21:00:00.000Z'),
    });
    expect(untouched).toMatchObject({ text: 'Fra telefonen', unsaved: false });

    const typing = run(
      { type: 'started', userId: KARI },
      loadedWith('A'),
      { type: 'typed', text: 'Fra PC-en' },
      { type: 'savedElsewhere', saved: savedReport('Fra telefonen', '2026-11-20T21:00:00.000Z') },
    );
    expect(typing).toMatchObject({ text: 'Fra PC-en', unsaved: true });

    const older = next(untouched, { type: 'savedElsewhere', saved: savedReport('Gammel', '2026-11-20T19:00:00.000Z') });
    expect(older.text).toBe('Fra telefonen');
    const someoneElse = next(untouched, {
      type: 'savedElsewhere',
      saved: savedReport('Annen', '2026-11-20T22:00:00.000Z', 'dddddddddddddddddddddddd'),
    });
    expect(someoneElse.text).toBe('Fra telefonen');
  });

  it('a report deleted by an admin leaves its text on screen, unsaved and said so, until saved again', () => {
    const untouched = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'deleted', id: ID });
    expect(untouched).toMatchObject({ text: 'A', unsaved: true, baseVersion: 0, deletedElsewhere: true });
    expect(untouched.report).toMatchObject({ id: null, content: '', version: 0 });
    const typing = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'typed', text: 'AB' }, { type: 'deleted', id: ID });
    expect(typing).toMatchObject({ text: 'AB', unsaved: true, deletedElsewhere: true });
    const savedAgain = next(typing, { type: 'saved', saved: savedReport('AB', '2026-11-20T22:00:00.000Z', KARI, 1) });
    expect(savedAgain).toMatchObject({ unsaved: false, deletedElsewhere: false });
    // Another report's deletion says nothing here.
    expect(run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'deleted', id: 'f'.repeat(24) })).toMatchObject({
      text: 'A',
      unsaved: false,
      deletedElsewhere: false,
    });
  });

  it('without the server the day is this device’s guess and its draft is shown; a known day is kept', () => {
    const offline = run(
      { type: 'started', userId: KARI },
      {
        type: 'unreachable',
        guessedDay: DAY,
        draft: { date: DAY, content: 'Uten nett', typedAt: '2026-11-20T19:00:00.000Z' },
        otherDrafts: [],
      },
    );
    expect(offline).toMatchObject({ status: 'error', day: DAY, text: 'Uten nett', unsaved: true });
    const known = next(run({ type: 'started', userId: KARI }, loadedWith('A')), {
      type: 'unreachable',
      guessedDay: '2026-11-21',
      draft: null,
      otherDrafts: [],
    });
    expect(known).toMatchObject({ day: DAY, text: 'A' });
  });

  it('nothing is typed before the day is known; another user starts afresh', () => {
    expect(run({ type: 'started', userId: KARI }, { type: 'typed', text: 'Tidlig' }).text).toBe('');
    const other = next(run({ type: 'started', userId: KARI }, loadedWith('A')), { type: 'started', userId: 'eeeeeeeeeeeeeeeeeeeeeeee' });
    expect(other).toEqual({ ...EMPTY, userId: 'eeeeeeeeeeeeeeeeeeeeeeee' });
  });
});

describe('versions: a save over a text saved elsewhere meanwhile', () => {
  const T1 = '2026-11-20T21:00:00.000Z';
  /** Loaded at version 1, typed on, and the save refused: the phone saved version 2 meanwhile. */
  const inConflict = () =>
    run(
      { type: 'started', userId: KARI },
      loadedWith('Start'),
      { type: 'typed', text: 'Start, fra PC-en' },
      { type: 'saveStarted' },
      { type: 'conflicted', current: savedReport('Start, fra telefonen', T1, KARI, 2) },
    );

  it('the text loaded is the version a save names; a save answered moves it on', () => {
    const loaded = run({ type: 'started', userId: KARI }, loadedWith('Start', undefined, undefined, 4));
    expect(loaded.baseVersion).toBe(4);
    const savedOnce = next(next(loaded, { type: 'typed', text: 'Start!' }), { type: 'saved', saved: savedReport('Start!', T1, KARI, 5) });
    expect(savedOnce).toMatchObject({ baseVersion: 5, unsaved: false, conflict: null });
  });

  it('a refused save keeps both texts until the writer chooses, and loses nothing typed', () => {
    const state = inConflict();
    expect(state.conflict).toEqual({ base: 'Start', mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
    expect(state).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, saving: false, baseVersion: 1 });
    expect(state.report).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
  });

  it('keeping mine: my text, to be saved on the version saved elsewhere', () => {
    const state = next(inConflict(), { type: 'resolved', choice: 'mine' });
    expect(state).toMatchObject({ conflict: null, text: 'Start, fra PC-en', unsaved: true, baseVersion: 2 });
  });

  it('taking theirs: the text saved elsewhere, with nothing left to save', () => {
    const state = next(inConflict(), { type: 'resolved', choice: 'theirs' });
    expect(state).toMatchObject({ conflict: null, text: 'Start, fra telefonen', unsaved: false, baseVersion: 2 });
  });

  it('keeping both: the line saved elsewhere, then mine, to be saved on the version saved elsewhere', () => {
    const state = next(inConflict(), { type: 'resolved', choice: 'both' });
    expect(state).toMatchObject({ conflict: null, text: 'Start, fra telefonen\nStart, fra PC-en', unsaved: true, baseVersion: 2 });
    expect(state.baseText).toBe('Start, fra telefonen');
  });

  it('a choice without a conflict changes nothing', () => {
    const state = run({ type: 'started', userId: KARI }, loadedWith('Start'), { type: 'typed', text: 'Mitt' });
    expect(next(state, { type: 'resolved', choice: 'theirs' })).toBe(state);
  });

  it('a save elsewhere while text is unsaved keeps the text and the version it was written from', () => {
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith('Start'),
      { type: 'typed', text: 'Start, fra PC-en' },
      { type: 'savedElsewhere', saved: savedReport('Start, fra telefonen', T1, KARI, 2) },
    );
    // The next save names version 1, and is refused: the writer then sees both texts.
    expect(state).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, baseVersion: 1, conflict: null });
    expect(state.report).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
  });

  it('a save elsewhere with nothing unsaved: the text and its version follow the server', () => {
    const state = run({ type: 'started', userId: KARI }, loadedWith('Start'), {
      type: 'savedElsewhere',
      saved: savedReport('Fra telefonen', T1, KARI, 2),
    });
    expect(state).toMatchObject({ text: 'Fra telefonen', unsaved: false, baseVersion: 2 });
  });

  it('a draft restored after a reload keeps the version it was written from', () => {
    // The server has version 3 now; the draft was typed on version 1.
    const state = run({ type: 'started', userId: KARI }, loadedWith('Nyere', 'Skrevet før', 1, 3));
    expect(state).toMatchObject({ text: 'Skrevet før', unsaved: true, baseVersion: 1 });
  });

  it('a draft kept before versions were is taken as written from the text the server has now', () => {
    const state = run({ type: 'started', userId: KARI }, loadedWith('Lagret', 'Gammel kladd', undefined, 3));
    expect(state).toMatchObject({ text: 'Gammel kladd', unsaved: true, baseVersion: 3 });
  });
});

describe('issue 44: conflicts that lose nothing, and Tøm with a way back', () => {
  const T1 = '2026-11-20T21:00:00.000Z';
  const BASE = 'Rom 12 stille\nOla syk\nAlt rolig';

  it('merges a refused save line by line: lines only one side changed need no question', () => {
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith(BASE),
      { type: 'typed', text: 'Rom 12 stille\nOla syk, fikk paracet\nAlt rolig' },
      { type: 'saveStarted' },
      { type: 'conflicted', current: savedReport('Rom 12 stille\nOla syk\nAlt rolig etter 23', T1, KARI, 2) },
    );
    expect(state).toMatchObject({
      conflict: null,
      text: 'Rom 12 stille\nOla syk, fikk paracet\nAlt rolig etter 23',
      unsaved: true,
      baseVersion: 2,
      baseText: 'Rom 12 stille\nOla syk\nAlt rolig etter 23',
      saving: false,
    });
  });

  it('asks only about the line both changed, and keeps the rest merged whatever the choice', () => {
    const base = 'Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig';
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith(base),
      { type: 'typed', text: 'Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig' },
      { type: 'conflicted', current: savedReport('Rom 12 stille\nOla syk, mor ringte\nKari hjemme\nAlt rolig etter 23', T1, KARI, 2) },
    );
    expect(state.conflict).toMatchObject({ base, theirsVersion: 2 });
    expect(next(state, { type: 'resolved', choice: 'mine' }).text).toBe(
      'Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig etter 23',
    );
    expect(next(state, { type: 'resolved', choice: 'theirs' })).toMatchObject({
      text: 'Rom 12 stille\nOla syk, mor ringte\nKari hjemme\nAlt rolig etter 23',
      unsaved: false,
    });
    expect(next(state, { type: 'resolved', choice: 'both' }).text).toBe(
      'Rom 12 stille\nOla syk, mor ringte\nOla syk, fikk paracet\nKari hjemme\nAlt rolig etter 23',
    );
  });

  it('a draft restored after a reload merges against the text it was written from', () => {
    const loaded = run({ type: 'started', userId: KARI }, {
      ...loadedWith('A\nB2', undefined, undefined, 2),
      draft: { date: DAY, content: 'A1\nB', typedAt: T1, baseVersion: 1, baseText: 'A\nB' },
    } as MyReportEvent);
    expect(loaded).toMatchObject({ text: 'A1\nB', baseVersion: 1, baseText: 'A\nB' });
    const merged = next(loaded, { type: 'conflicted', current: savedReport('A\nB2', T1, KARI, 2) });
    expect(merged).toMatchObject({ conflict: null, text: 'A1\nB2', baseVersion: 2 });
  });

  it('Tøm empties the box only; Angre brings the text and what it was written from back', () => {
    const typed = run({ type: 'started', userId: KARI }, loadedWith('Lagret', 'Lagret, og mer', 1, 1));
    const cleared = next(typed, { type: 'cleared' });
    expect(cleared).toMatchObject({ text: '', unsaved: true, setAside: { text: 'Lagret, og mer', baseVersion: 1 } });
    expect(cleared.report?.content).toBe('Lagret');
    const undone = next(cleared, { type: 'clearUndone' });
    expect(undone).toMatchObject({ text: 'Lagret, og mer', unsaved: true, baseVersion: 1, setAside: null });
    // A keystroke after Tøm starts anew: nothing left to undo.
    expect(next(cleared, { type: 'typed', text: 'Ny' }).setAside).toBeNull();
  });

  it('Hent lagret versjon: the saved text back in the box, what was there set aside for Angre', () => {
    const emptied = run({ type: 'started', userId: KARI }, loadedWith('Lagret tekst', '', 1, 1));
    expect(emptied).toMatchObject({ text: '', unsaved: true });
    const restored = next(emptied, { type: 'savedTextRestored' });
    expect(restored).toMatchObject({ text: 'Lagret tekst', unsaved: false, setAside: { text: '' } });
    expect(next(restored, { type: 'savedTextRestored' })).toBe(restored);
  });

  it('a text saved over from elsewhere is told, but not this device’s own save nor a tick', () => {
    const shown = run({ type: 'started', userId: KARI }, loadedWith('Fra mobilen'));
    const replaced = next(shown, { type: 'savedElsewhere', saved: savedReport('Fra PC-en', T1, KARI, 2) });
    expect(replaced.replacedElsewhere).toEqual({ version: 2, at: T1 });
    expect(next(replaced, { type: 'replacedSeen' }).replacedElsewhere).toBeNull();
    // Its own save's event, arriving before the answer: the text is the one on screen.
    const own = run({ type: 'started', userId: KARI }, loadedWith('Før'), { type: 'typed', text: 'Etter' });
    expect(next(own, { type: 'savedElsewhere', saved: savedReport('Etter', T1, KARI, 2) }).replacedElsewhere).toBeNull();
    // A round ticked elsewhere leaves the version and the text as they were.
    expect(next(shown, { type: 'savedElsewhere', saved: savedReport('Fra mobilen', T1, KARI, 1) }).replacedElsewhere).toBeNull();
  });
});
