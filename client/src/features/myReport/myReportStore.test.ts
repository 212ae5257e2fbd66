import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_TEXTS } from '#protocol';
import { deferred, json, refusal, settle } from '../../testing/fakeFetch';
import { fakeReportServer, KARI, reportIdOf } from '../../testing/fakeReportServer';
import { refuseStorage } from '../../testing/storage';
import { createElement } from 'react';
import { useSaveWhenOnline } from './useSaveWhenOnline';
import { render } from '../../testing/render';
import { useToastStore } from '../../ui/toastStore';
import { dayScope } from '../../stores/dayScope';
import { useAwayStore } from '../away/awayStore';
import { useMyReportStore } from './myReportStore';
import { readDraft, writeDraft } from './reportDrafts';
import { joinTexts } from '../../ui/joinTexts';

/** The board's part in saving: what was typed off line is saved when the browser is back on line. */
function SavesWhenOnline() {
  useSaveWhenOnline();
  return null;
}

const OLA = 'cccccccccccccccccccccccc';
const DAY = '2026-11-20';
const NEXT_DAY = '2026-11-21';

const store = () => useMyReportStore.getState();
const lockedDraftTexts = () => store().lockedDrafts.map((d) => [d.date, d.content]);

let server: ReturnType<typeof fakeReportServer>;

beforeEach(() => {
  localStorage.clear();
  store().reset();
  useAwayStore.getState().reset();
  useToastStore.setState({ toasts: [] });
  server = fakeReportServer(DAY);
});

afterEach(() => vi.useRealTimers());

describe('opening the report', () => {
  it("shows the report day the server has open, not one worked out from this device's clock", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    server.store(DAY, 'Rolig kveld');

    await store().start(KARI);

    expect(store()).toMatchObject({ day: DAY, status: 'ready', text: 'Rolig kveld', unsaved: false });
    expect(store().report).toMatchObject({ id: reportIdOf(DAY), date: DAY, locked: false });
  });

  it('restores a draft typed earlier on this device and shows it as not saved', async () => {
    server.store(DAY, 'Lagret tekst');
    writeDraft(KARI, DAY, 'Lagret tekst, og mer', 1);

    await store().start(KARI);

    expect(store()).toMatchObject({ text: 'Lagret tekst, og mer', unsaved: true });
    expect(store().report?.content).toBe('Lagret tekst');
    // Shown, not sent: its writer decides.
    expect(server.requests('PUT', '/api/reports/my')).toHaveLength(0);
  });

  it('clears a draft the server already has', async () => {
    server.store(DAY, 'Samme tekst');
    writeDraft(KARI, DAY, 'Samme tekst', 1);

    await store().start(KARI);

    expect(store()).toMatchObject({ text: 'Samme tekst', unsaved: false });
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it("never shows another user's draft on this device", async () => {
    writeDraft(OLA, DAY, 'Olas tekst', 0);

    await store().start(KARI);

    expect(store()).toMatchObject({ text: '', unsaved: false, lockedDrafts: [] });
    expect(readDraft(OLA, DAY)?.content).toBe('Olas tekst');
  });

  it('sign-out forgets the server copy but keeps the draft for the same user', async () => {
    await store().start(KARI);
    store().setText('Halvferdig');

    store().reset();
    expect(store()).toMatchObject({ userId: null, day: null, report: null, text: '' });

    await store().start(KARI);
    expect(store()).toMatchObject({ text: 'Halvferdig', unsaved: true });
  });
});

describe('which day an offline report belongs to (the server cannot be asked)', () => {
  // Oslo is UTC+1 in winter and UTC+2 in summer; the report day turns at 09:00 Oslo time.
  it.each([
    ['00:30 Oslo, just past midnight: still the previous report day', '2026-11-20T23:30:00Z', '2026-11-20'],
    ['08:59 Oslo in winter: the previous day', '2026-11-21T07:59:00Z', '2026-11-20'],
    ['09:00 Oslo in winter: the new day', '2026-11-21T08:00:00Z', '2026-11-21'],
    ['08:59 Oslo on the spring-forward Sunday (CEST since 03:00)', '2026-03-29T06:59:00Z', '2026-03-28'],
    ['09:00 Oslo on the spring-forward Sunday', '2026-03-29T07:00:00Z', '2026-03-29'],
    ['08:00 Oslo on the fall-back Sunday (07:00 UTC, which was 09:00 the day before)', '2026-10-25T07:00:00Z', '2026-10-24'],
    ['09:00 Oslo on the fall-back Sunday (CET since 03:00)', '2026-10-25T08:00:00Z', '2026-10-25'],
  ])('%s', async (_when, instant, expectedDay) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    writeDraft(KARI, expectedDay, 'Skrevet uten nett', 0);
    server.down = true;

    await store().start(KARI);

    expect(store()).toMatchObject({ status: 'error', day: expectedDay, text: 'Skrevet uten nett', unsaved: true });
  });

  it('keeps typing as a draft of the guessed day, and the board saves it when the browser is back on line', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T21:00:00Z'));
    server.down = true;
    await render(createElement(SavesWhenOnline));
    await store().start(KARI);
    store().setText('Skrevet uten nett');
    expect(readDraft(KARI, DAY)?.content).toBe('Skrevet uten nett');

    server.down = false;
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(() => expect(store()).toMatchObject({ status: 'ready', unsaved: false, saving: false }));
    expect(server.stored(DAY)?.content).toBe('Skrevet uten nett');
    expect(readDraft(KARI, DAY)).toBeNull();
  });
});

describe('typing and saving', () => {
  it('keeps every change as a draft until the server has exactly that text', async () => {
    await store().start(KARI);

    store().setText('Rolig kveld');
    expect(store().unsaved).toBe(true);
    expect(readDraft(KARI, DAY)?.content).toBe('Rolig kveld');

    await expect(store().save()).resolves.toEqual({ kind: 'saved' });

    // The text and the version it was written from (0: none saved yet), nothing else.
    expect(server.writes()).toEqual([{ url: '/api/reports/my', body: { date: DAY, content: 'Rolig kveld', baseVersion: 0 } }]);
    expect(store()).toMatchObject({ text: 'Rolig kveld', unsaved: false, saving: false, baseVersion: 1 });
    expect(store().report).toMatchObject({ id: reportIdOf(DAY), content: 'Rolig kveld', version: 1 });
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it('typing the saved text back is not a change: the draft goes', async () => {
    server.store(DAY, 'Lagret');
    await store().start(KARI);

    store().setText('Lagret!');
    store().setText('Lagret');

    expect(store().unsaved).toBe(false);
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it('text typed while a save is on its way stays not saved, and stays in the draft', async () => {
    await store().start(KARI);
    store().setText('Første');
    const answer = deferred<Response>();
    server.nextSave = () => answer.promise;

    const saving = store().save();
    await settle();
    expect(store().saving).toBe(true);
    store().setText('Første, andre');
    answer.resolve(json({ ...server.store(DAY, 'Første') }));
    await saving;

    expect(store()).toMatchObject({ text: 'Første, andre', unsaved: true, saving: false });
    expect(readDraft(KARI, DAY)?.content).toBe('Første, andre');
  });

  it('a failed save keeps the text and its draft, and says Kunne ikke lagre with the reason', async () => {
    await store().start(KARI);
    store().setText('Viktig tekst');
    server.nextSave = () => refusal(500, 'Databasen svarer ikke');

    await expect(store().save()).resolves.toEqual({ kind: 'failed', serverText: 'Databasen svarer ikke' });

    expect(store()).toMatchObject({ text: 'Viktig tekst', unsaved: true, saving: false });
    expect(readDraft(KARI, DAY)?.content).toBe('Viktig tekst');
    // The store says how it ended; the board tells the user (features/myReport/saveOutcome.ts).
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('the away list is the server’s: the save sends no list, and the report holds who the board shows as away', async () => {
    server.away = { names: ['Per'], individualStudentNames: ['Per'], returnDates: { Per: DAY }, classes: [] };
    await useAwayStore.getState().ensure(dayScope('', DAY));
    await store().start(KARI);
    store().setText('Per er bortreist');

    await store().save();

    expect(server.requests('PUT', '/api/reports/my')[0]?.body).toEqual({ date: DAY, content: 'Per er bortreist', baseVersion: 0 });
    expect(useAwayStore.getState().data?.names).toEqual(['Per']);
    expect(store().report?.awayStudents).toEqual(['Per']);
  });

  it('an answer asked for before a save finished does not undo that save', async () => {
    server.store(DAY, 'Gammel');
    await store().start(KARI);
    store().setText('Ny');

    const hold = server.holdReads();
    const refreshing = store().refresh();
    await store().save();
    hold.release();
    await refreshing;

    expect(store()).toMatchObject({ text: 'Ny', unsaved: false });
    expect(store().report?.content).toBe('Ny');
  });

  it('tells the screen when the browser refuses to keep the draft', async () => {
    await store().start(KARI);
    refuseStorage();

    store().setText('Kan ikke lagres lokalt');

    expect(store()).toMatchObject({ text: 'Kan ikke lagres lokalt', unsaved: true, draftFailed: true });
  });
});

describe('when the server refuses the save', () => {
  it('the day closed under the text: the text is kept as a read-only draft of that day and the new day opens', async () => {
    await store().start(KARI);
    store().setText('Sen tekst');
    server.today = NEXT_DAY;

    await expect(store().save()).resolves.toEqual({ kind: 'locked' });

    expect(store()).toMatchObject({ day: NEXT_DAY, text: '', unsaved: false });
    expect(lockedDraftTexts()).toEqual([[DAY, 'Sen tekst']]);
    // The closed day is asked for: the text stays, since the server does not have it.
    await vi.waitFor(() => expect(server.requests('GET', `/api/reports/my?date=${DAY}`)).toHaveLength(1));
    await settle();
    expect(lockedDraftTexts()).toEqual([[DAY, 'Sen tekst']]);
    expect(readDraft(KARI, DAY)?.content).toBe('Sen tekst');
  });

  it('in the reset window (08:30–09:00) the text stays typed and kept, and the report turns read-only', async () => {
    await store().start(KARI);
    store().setText('Skrevet 08:45');
    server.resetWindow = true;

    await expect(store().save()).resolves.toEqual({ kind: 'resetWindow' });

    expect(store()).toMatchObject({ text: 'Skrevet 08:45', unsaved: true });
    expect(store().report?.resetWindow).toBe(true);
    expect(readDraft(KARI, DAY)?.content).toBe('Skrevet 08:45');
  });

  it('not the open report day: the server is asked which day is, and the text stays', async () => {
    await store().start(KARI);
    store().setText('Tekst');
    server.nextSave = () => refusal(400, REPORT_TEXTS.wrongDay, 'reportWrongDay');
    const readsBefore = server.requests('GET', '/api/reports/my').length;

    await expect(store().save()).resolves.toEqual({ kind: 'wrongDay' });

    expect(server.requests('GET', '/api/reports/my')).toHaveLength(readsBefore + 1);
    expect(store()).toMatchObject({ day: DAY, text: 'Tekst', unsaved: true });
    expect(readDraft(KARI, DAY)?.content).toBe('Tekst');
  });
});

describe('drafts of report days that are over', () => {
  it('are shown read-only beside the open day, oldest first', async () => {
    writeDraft(KARI, '2026-11-18', 'Onsdag', 0);
    writeDraft(KARI, '2026-11-19', 'Torsdag', 0);

    await store().start(KARI);

    expect(lockedDraftTexts()).toEqual([
      ['2026-11-18', 'Onsdag'],
      ['2026-11-19', 'Torsdag'],
    ]);
    expect(store().text).toBe('');
  });

  it('are dropped once the server turns out to have that text (saved on another device)', async () => {
    server.store('2026-11-19', 'Lagret på telefonen');
    writeDraft(KARI, '2026-11-19', 'Lagret på telefonen', 1);

    await store().start(KARI);

    await vi.waitFor(() => expect(store().lockedDrafts).toEqual([]));
    expect(readDraft(KARI, '2026-11-19')).toBeNull();
  });

  it('go from the screen and the device when discarded', async () => {
    writeDraft(KARI, '2026-11-18', 'Onsdag', 0);
    writeDraft(KARI, '2026-11-19', 'Torsdag', 0);
    await store().start(KARI);

    store().discardLockedDraft('2026-11-18');

    expect(lockedDraftTexts()).toEqual([['2026-11-19', 'Torsdag']]);
    expect(readDraft(KARI, '2026-11-18')).toBeNull();
    expect(readDraft(KARI, '2026-11-19')?.content).toBe('Torsdag');
  });
});

describe('my report changed elsewhere (reports.saved, reports.deleted)', () => {
  it('a newer save from another tab replaces the text when nothing is typed here', async () => {
    server.store(DAY, 'Fra denne fanen');
    await store().start(KARI);

    store().receive(server.store(DAY, 'Fra telefonen'));

    expect(store()).toMatchObject({ text: 'Fra telefonen', unsaved: false });
  });

  it('a newer save from another tab never overwrites text being typed here: the draft is kept', async () => {
    server.store(DAY, 'Felles start');
    await store().start(KARI);
    store().setText('Felles start, mitt tillegg');

    store().receive(server.store(DAY, 'Felles start, telefonens tillegg'));

    expect(store()).toMatchObject({ text: 'Felles start, mitt tillegg', unsaved: true });
    expect(store().report?.content).toBe('Felles start, telefonens tillegg');
    expect(readDraft(KARI, DAY)?.content).toBe('Felles start, mitt tillegg');
  });

  it('an event older than the report on screen, of another day or of another user is ignored', async () => {
    const older = server.store(DAY, 'Eldre');
    server.store(DAY, 'Nyere');
    await store().start(KARI);

    store().receive(older);
    store().receive({ ...server.store(NEXT_DAY, 'Neste dag') });
    store().receive({ ...server.store(DAY, 'Olas rapport'), authorUserId: OLA, id: 'eeeeeeeeeeeeeeeeeeeeeeee' });

    expect(store()).toMatchObject({ text: 'Nyere', unsaved: false });
    expect(store().report?.content).toBe('Nyere');
  });

  it('an admin deleting my report leaves my text on screen and kept on the device, as not saved', async () => {
    server.store(DAY, 'Slettes');
    await store().start(KARI);

    store().receiveDeleted(reportIdOf(DAY));
    expect(store()).toMatchObject({ text: 'Slettes', unsaved: true, deletedElsewhere: true });
    expect(store().report).toMatchObject({ id: null, content: '' });
    expect(readDraft(KARI, DAY)?.content).toBe('Slettes');

    server.store(DAY, 'Slettes igjen');
    await store().refresh();
    store().setText('Mitt');
    store().receiveDeleted(reportIdOf(DAY));
    expect(store()).toMatchObject({ text: 'Mitt', unsaved: true });
    expect(readDraft(KARI, DAY)?.content).toBe('Mitt');
  });
});

describe('ticking a task', () => {
  const tickCalls = () => server.writes().filter((w) => w.url.startsWith('/api/reports/my/tasks/'));

  it('shows the tick at once, sends it as a tick of its own (not with the text), and keeps it when saved', async () => {
    server.store(DAY, 'Tekst', ['1']);
    await store().start(KARI);
    store().setText('Tekst, ikke lagret');
    const hold = server.holdWrites();

    const ticking = store().toggleTask('3');
    expect(store().pendingTicks).toEqual(['1', '3']);
    await settle();
    hold.release();
    await expect(ticking).resolves.toEqual({ kind: 'saved' });

    expect(server.writes()).toEqual([{ url: '/api/reports/my/tasks/3', body: { date: DAY, done: true } }]);
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1', '3']);
    expect(server.stored(DAY)).toMatchObject({ content: 'Tekst', completedTasks: ['1', '3'], version: 1 });
    // The text typed meanwhile is still typed, and still written from the same version.
    expect(store()).toMatchObject({ text: 'Tekst, ikke lagret', unsaved: true, baseVersion: 1 });
    expect(readDraft(KARI, DAY)).toMatchObject({ content: 'Tekst, ikke lagret', baseVersion: 1 });
  });

  it('unticking sends done: false', async () => {
    server.store(DAY, '', ['1', '2']);
    await store().start(KARI);

    await expect(store().toggleTask('1')).resolves.toEqual({ kind: 'saved' });

    expect(tickCalls()).toEqual([{ url: '/api/reports/my/tasks/1', body: { date: DAY, done: false } }]);
    expect(store().report?.completedTasks).toEqual(['2']);
    expect(store().pendingTicks).toBeNull();
  });

  it('two quick ticks each send their own call, in order, and the shown ticks settle to the server’s answer', async () => {
    server.store(DAY, 'Tekst', ['1']);
    await store().start(KARI);
    const hold = server.holdWrites();

    const first = store().toggleTask('2');
    const second = store().toggleTask('3');
    expect(store().pendingTicks).toEqual(['1', '2', '3']);
    await settle();
    // One write at a time: the second waits for the first's answer.
    expect(tickCalls()).toEqual([{ url: '/api/reports/my/tasks/2', body: { date: DAY, done: true } }]);

    hold.releaseOne();
    await expect(first).resolves.toEqual({ kind: 'saved' });
    await settle();
    // The first answer has only the first tick: the second, on its way, is still shown.
    expect(store().report?.completedTasks).toEqual(['1', '2']);
    expect(store().pendingTicks).toEqual(['1', '2', '3']);
    expect(tickCalls()).toEqual([
      { url: '/api/reports/my/tasks/2', body: { date: DAY, done: true } },
      { url: '/api/reports/my/tasks/3', body: { date: DAY, done: true } },
    ]);

    hold.release();
    await expect(second).resolves.toEqual({ kind: 'saved' });
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1', '2', '3']);
    expect(server.stored(DAY)?.completedTasks).toEqual(['1', '2', '3']);
    // Ticks leave the text's version as it was.
    expect(server.stored(DAY)?.version).toBe(1);
    expect(store().baseVersion).toBe(1);
  });

  it('a refused tick is taken back', async () => {
    server.store(DAY, '', ['1']);
    await store().start(KARI);
    server.nextTick = () => refusal(500, 'Feil');

    await expect(store().toggleTask('1')).resolves.toEqual({ kind: 'failed', serverText: 'Feil' });

    expect(tickCalls()).toEqual([{ url: '/api/reports/my/tasks/1', body: { date: DAY, done: false } }]);
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1']);
  });

  it('a tick on a day that closed is refused as locked, and the new day opens', async () => {
    await store().start(KARI);
    server.today = NEXT_DAY;

    await expect(store().toggleTask('2')).resolves.toEqual({ kind: 'locked' });

    expect(store().pendingTicks).toBeNull();
    expect(store().day).toBe(NEXT_DAY);
    expect(server.stored(DAY)).toBeUndefined();
  });
});

describe('a save over a text saved elsewhere meanwhile (409 editConflict)', () => {
  /** Loaded at version 1, typed on here, while the phone saved version 2. */
  async function typedWhilePhoneSaved(): Promise<void> {
    server.store(DAY, 'Start');
    await store().start(KARI);
    store().setText('Start, fra PC-en');
    server.store(DAY, 'Start, fra telefonen');
  }

  it('is refused: both texts are shown, and nothing typed is lost', async () => {
    await typedWhilePhoneSaved();

    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });

    expect(server.writes()).toEqual([{ url: '/api/reports/my', body: { date: DAY, content: 'Start, fra PC-en', baseVersion: 1 } }]);
    expect(store().conflict).toEqual({ mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, saving: false });
    expect(readDraft(KARI, DAY)?.content).toBe('Start, fra PC-en');
    expect(server.stored(DAY)).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
    // Until the writer chooses, Lagre saves nothing.
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(server.writes()).toHaveLength(1);
  });

  it('keeping mine saves the typed text on the version saved elsewhere', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('mine')).resolves.toEqual({ kind: 'saved' });

    expect(server.writes().at(-1)).toEqual({ url: '/api/reports/my', body: { date: DAY, content: 'Start, fra PC-en', baseVersion: 2 } });
    expect(server.stored(DAY)).toMatchObject({ content: 'Start, fra PC-en', version: 3 });
    expect(store()).toMatchObject({ conflict: null, text: 'Start, fra PC-en', unsaved: false, baseVersion: 3 });
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it('taking theirs shows the text saved elsewhere and saves nothing', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('theirs')).resolves.toEqual({ kind: 'nothingToSave' });

    expect(server.writes()).toHaveLength(1);
    expect(server.stored(DAY)).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
    expect(store()).toMatchObject({ conflict: null, text: 'Start, fra telefonen', unsaved: false, baseVersion: 2 });
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it('keeping both saves the text saved elsewhere with mine below it', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('both')).resolves.toEqual({ kind: 'saved' });

    const both = joinTexts('Start, fra telefonen', 'Start, fra PC-en');
    expect(both).toBe('Start, fra telefonen\n\nStart, fra PC-en');
    expect(server.writes().at(-1)?.body).toEqual({ date: DAY, content: both, baseVersion: 2 });
    expect(server.stored(DAY)).toMatchObject({ content: both, version: 3 });
    expect(store()).toMatchObject({ conflict: null, text: both, unsaved: false });
  });

  it('a save of the very text the server already has is no conflict', async () => {
    await typedWhilePhoneSaved();
    store().setText('Start, fra telefonen og mer');
    server.store(DAY, 'Start, fra telefonen og mer');

    await expect(store().save()).resolves.toEqual({ kind: 'saved' });

    expect(store()).toMatchObject({ conflict: null, unsaved: false, baseVersion: 3 });
  });

  it('reports.saved from another device while text is unsaved keeps the text and its version: the next save is refused', async () => {
    server.store(DAY, 'Start');
    await store().start(KARI);
    store().setText('Start, fra PC-en');

    store().receive(server.store(DAY, 'Start, fra telefonen'));

    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, baseVersion: 1 });
    expect(readDraft(KARI, DAY)).toMatchObject({ content: 'Start, fra PC-en', baseVersion: 1 });
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(store().conflict).toMatchObject({ mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen' });
  });

  it('reports.saved from another device with nothing unsaved: the text and its version follow the server, and the next save is taken', async () => {
    server.store(DAY, 'Start');
    await store().start(KARI);

    store().receive(server.store(DAY, 'Fra telefonen'));
    expect(store()).toMatchObject({ text: 'Fra telefonen', unsaved: false, baseVersion: 2 });

    store().setText('Fra telefonen, og PC-en');
    await expect(store().save()).resolves.toEqual({ kind: 'saved' });
    expect(server.writes().at(-1)?.body).toEqual({ date: DAY, content: 'Fra telefonen, og PC-en', baseVersion: 2 });
  });

  it('a draft restored after a reload keeps the version it was written from', async () => {
    server.store(DAY, 'Start');
    await store().start(KARI);
    store().setText('Start, fra PC-en');
    expect(readDraft(KARI, DAY)).toMatchObject({ content: 'Start, fra PC-en', baseVersion: 1 });
    server.store(DAY, 'Start, fra telefonen');

    // A reload: the store forgets all but the device's drafts.
    store().reset();
    await store().start(KARI);

    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, baseVersion: 1 });
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(server.writes().at(-1)?.body).toEqual({ date: DAY, content: 'Start, fra PC-en', baseVersion: 1 });
    expect(store().conflict).toEqual({ mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
  });
});
