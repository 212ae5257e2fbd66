import { describe, expect, it } from 'vitest';
import type { MyReport, Report } from '#protocol';
import { EMPTY, next, type MyReportEvent, type MyReportState } from './myReportMachine';

const DAY = '2026-11-20';
const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const serverCopy = (content: string, updatedAt: string | null = '2026-11-20T20:00:00.000Z'): MyReport => ({
  id: content ? ID : null,
  date: DAY,
  content,
  completedTasks: [],
  awayStudents: [],
  locked: false,
  resetWindow: false,
  reportDay: DAY,
  updatedAt,
});
const savedReport = (content: string, updatedAt: string, authorUserId = KARI): Report => ({
  id: ID,
  date: DAY,
  authorName: 'Kari',
  authorUserId,
  schoolId: 'cccccccccccccccccccccccc',
  content,
  completedTasks: ['1'],
  awayStudents: [],
  locked: false,
  updatedAt,
});
const run = (...events: MyReportEvent[]): MyReportState => events.reduce(next, EMPTY);
const loadedWith = (content: string, draft?: string): MyReportEvent => ({
  type: 'loaded',
  report: serverCopy(content),
  draft: draft === undefined ? null : { date: DAY, content: draft, typedAt: '2026-11-20T19:00:00.000Z' },
  otherDrafts: [],
});

describe("the supervisor's report, as rules", () => {
  it('shows the server’s text, or the draft this device kept, which then is not saved', () => {
    expect(run({ type: 'started', userId: KARI }, loadedWith('Lagret'))).toMatchObject({ day: DAY, text: 'Lagret', unsaved: false, status: 'ready' });
    expect(run({ type: 'started', userId: KARI }, loadedWith('Lagret', 'Halvferdig'))).toMatchObject({ text: 'Halvferdig', unsaved: true });
  });

  it('typing the saved text back is no change', () => {
    const state = run({ type: 'started', userId: KARI }, loadedWith('Lagret'), { type: 'typed', text: 'Lagret!' }, { type: 'typed', text: 'Lagret' });
    expect(state.unsaved).toBe(false);
  });

  it('text typed while a save is on its way stays not saved; ticks changed meanwhile stay to be sent', () => {
    const state = run(
      { type: 'started', userId: KARI },
      loadedWith(''),
      { type: 'typed', text: 'Første' },
      { type: 'ticked', ticks: ['1'] },
      { type: 'saveStarted' },
      { type: 'typed', text: 'Første, andre' },
      { type: 'ticked', ticks: ['1', '2'] },
      { type: 'saved', saved: savedReport('Første', '2026-11-20T21:00:00.000Z'), sentTicks: ['1'] },
    );
    expect(state).toMatchObject({ saving: false, text: 'Første, andre', unsaved: true, pendingTicks: ['1', '2'] });
    expect(state.report).toMatchObject({ id: ID, content: 'Første' });
  });

  it('an answer asked before a save finished does not undo the save', () => {
    const afterSave = run(
      { type: 'started', userId: KARI },
      loadedWith(''),
      { type: 'typed', text: 'Ny' },
      { type: 'saved', saved: savedReport('Ny', '2026-11-20T21:00:00.000Z'), sentTicks: [] },
    );
    const state = next(afterSave, { type: 'loaded', report: serverCopy('', '2026-11-20T20:30:00.000Z'), draft: null, otherDrafts: [] });
    expect(state).toMatchObject({ text: 'Ny', unsaved: false });
    expect(state.report?.content).toBe('Ny');
  });

  it('my report saved on another device replaces an untouched text, never one being typed, and never with an older save', () => {
    const untouched = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'savedElsewhere', saved: savedReport('Fra telefonen', '2026-11-20T21:00:00.000Z') });
    expect(untouched).toMatchObject({ text: 'Fra telefonen', unsaved: false });

    const typing = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'typed', text: 'Fra PC-en' }, { type: 'savedElsewhere', saved: savedReport('Fra telefonen', '2026-11-20T21:00:00.000Z') });
    expect(typing).toMatchObject({ text: 'Fra PC-en', unsaved: true });

    const older = next(untouched, { type: 'savedElsewhere', saved: savedReport('Gammel', '2026-11-20T19:00:00.000Z') });
    expect(older.text).toBe('Fra telefonen');
    const someoneElse = next(untouched, { type: 'savedElsewhere', saved: savedReport('Annen', '2026-11-20T22:00:00.000Z', 'dddddddddddddddddddddddd') });
    expect(someoneElse.text).toBe('Fra telefonen');
  });

  it('a deleted report empties an untouched text and keeps one being typed', () => {
    const untouched = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'deleted', id: ID });
    expect(untouched).toMatchObject({ text: '', unsaved: false });
    expect(untouched.report).toMatchObject({ id: null, content: '' });
    const typing = run({ type: 'started', userId: KARI }, loadedWith('A'), { type: 'typed', text: 'AB' }, { type: 'deleted', id: ID });
    expect(typing).toMatchObject({ text: 'AB', unsaved: true });
  });

  it('without the server the day is this device’s guess and its draft is shown; a known day is kept', () => {
    const offline = run({ type: 'started', userId: KARI }, { type: 'unreachable', guessedDay: DAY, draft: { date: DAY, content: 'Uten nett', typedAt: '2026-11-20T19:00:00.000Z' }, otherDrafts: [] });
    expect(offline).toMatchObject({ status: 'error', day: DAY, text: 'Uten nett', unsaved: true });
    const known = next(run({ type: 'started', userId: KARI }, loadedWith('A')), { type: 'unreachable', guessedDay: '2026-11-21', draft: null, otherDrafts: [] });
    expect(known).toMatchObject({ day: DAY, text: 'A' });
  });

  it('nothing is typed before the day is known; another user starts afresh', () => {
    expect(run({ type: 'started', userId: KARI }, { type: 'typed', text: 'Tidlig' }).text).toBe('');
    const other = next(run({ type: 'started', userId: KARI }, loadedWith('A')), { type: 'started', userId: 'eeeeeeeeeeeeeeeeeeeeeeee' });
    expect(other).toEqual({ ...EMPTY, userId: 'eeeeeeeeeeeeeeeeeeeeeeee' });
  });
});
