import { describe, expect, it, vi } from 'vitest';
import { REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS, type MyReport } from '#protocol';
import { DAY, myReportOnServer, NEXT_DAY } from '../../../../server/test/myReportOnServer';
import { resetStores } from '../../stores/registry';
import { refuseStorage } from '../../testing/storage';
import { useToastStore } from '../../ui/toastStore';
import { useMyReportStore } from './myReportStore';
import { readDraft, writeDraft } from './reportDrafts';

const OLA = 'cccccccccccccccccccccccc';

const store = () => useMyReportStore.getState();
const lockedDraftTexts = () => store().lockedDrafts.map((d) => [d.date, d.content]);

const on = myReportOnServer(() => {
  resetStores();
  useToastStore.setState({ toasts: [] });
});
const kari = () => on.fx.a.supervisor.id;
const saves = () => on.browser.sent('PUT').filter(([, path]) => path === '/api/reports/my');

describe('opening the report', () => {
  it("shows the report day the server has open, not one worked out from this device's clock", async () => {
    const saved = await on.phoneSaves(DAY, 'Rolig kveld');

    await store().start(kari());

    expect(store()).toMatchObject({ day: DAY, status: 'ready', text: 'Rolig kveld', unsaved: false, baseVersion: 1 });
    expect(store().report).toMatchObject({ id: saved.id, date: DAY, locked: false, version: 1 });
  });

  it('restores a draft typed earlier on this device and shows it as not saved', async () => {
    await on.phoneSaves(DAY, 'Lagret tekst');
    writeDraft(kari(), DAY, 'Lagret tekst, og mer', 1);

    await store().start(kari());

    expect(store()).toMatchObject({ text: 'Lagret tekst, og mer', unsaved: true });
    expect(store().report?.content).toBe('Lagret tekst');
    // Shown, not sent: its writer decides.
    expect(on.browser.sent('PUT')).toEqual([]);
  });

  it('clears a draft the server already has', async () => {
    await on.phoneSaves(DAY, 'Samme tekst');
    writeDraft(kari(), DAY, 'Samme tekst', 1);

    await store().start(kari());

    expect(store()).toMatchObject({ text: 'Samme tekst', unsaved: false });
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it("never shows another user's draft on this device", async () => {
    writeDraft(OLA, DAY, 'Olas tekst', 0);

    await store().start(kari());

    expect(store()).toMatchObject({ text: '', unsaved: false, lockedDrafts: [] });
    expect(readDraft(OLA, DAY)?.content).toBe('Olas tekst');
  });

  it('sign-out forgets the server copy but keeps the draft for the same user', async () => {
    await store().start(kari());
    store().setText('Halvferdig');

    resetStores();
    expect(store()).toMatchObject({ userId: null, day: null, report: null, text: '' });

    await store().start(kari());
    expect(store()).toMatchObject({ text: 'Halvferdig', unsaved: true });
  });
});

describe('typing and saving', () => {
  it('keeps every change as a draft until the server has exactly that text; each save raises the version by one', async () => {
    await store().start(kari());

    store().setText('Rolig kveld');
    expect(store().unsaved).toBe(true);
    expect(readDraft(kari(), DAY)?.content).toBe('Rolig kveld');

    await expect(store().save()).resolves.toEqual({ kind: 'saved' });

    // The text and the version it was written from (0: none saved yet), nothing else.
    expect(saves()).toEqual([['PUT', '/api/reports/my', { date: DAY, content: 'Rolig kveld', baseVersion: 0 }]]);
    expect(store()).toMatchObject({ text: 'Rolig kveld', unsaved: false, saving: false, baseVersion: 1 });
    expect(store().report).toMatchObject({ content: 'Rolig kveld', version: 1 });
    expect(readDraft(kari(), DAY)).toBeNull();

    store().setText('Rolig kveld. Alle sov 23:00.');
    await expect(store().save()).resolves.toEqual({ kind: 'saved' });

    expect(saves()[1]?.[2]).toEqual({ date: DAY, content: 'Rolig kveld. Alle sov 23:00.', baseVersion: 1 });
    expect(store()).toMatchObject({ unsaved: false, baseVersion: 2 });
    expect((await on.phone.get(`/api/reports/my?date=${DAY}`)).body).toMatchObject({ content: 'Rolig kveld. Alle sov 23:00.', version: 2 });
  });

  it('typing the saved text back is not a change: the draft goes', async () => {
    await on.phoneSaves(DAY, 'Lagret');
    await store().start(kari());

    store().setText('Lagret!');
    store().setText('Lagret');

    expect(store().unsaved).toBe(false);
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it('text typed while a save is on its way stays not saved, and stays in the draft', async () => {
    await store().start(kari());
    store().setText('Første');
    const answers = on.browser.holdAnswers('PUT');

    const saving = store().save();
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    expect(store().saving).toBe(true);
    store().setText('Første, andre');
    answers.release();
    await saving;

    expect(store()).toMatchObject({ text: 'Første, andre', unsaved: true, saving: false, baseVersion: 1 });
    expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Første, andre', baseVersion: 1 });
  });

  it("a refused save keeps the text and its draft, and hands back the server's reason", async () => {
    await store().start(kari());
    const tooLong = 'x'.repeat(REPORT_CONTENT_MAX_LENGTH + 1);
    store().setText(tooLong);

    await expect(store().save()).resolves.toEqual({ kind: 'failed', serverText: `Feltet «innhold»: ${REPORT_TEXTS.tooLong}` });

    expect(store()).toMatchObject({ text: tooLong, unsaved: true, saving: false });
    expect(readDraft(kari(), DAY)?.content).toBe(tooLong);
    // The store says how it ended; the board tells the user (features/myReport/saveOutcome.ts).
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('the away list is the server’s: the save sends no list, and the report holds who is away that day', async () => {
    expect((await on.c.adminA.post('/api/away/add', { fromDate: DAY, toDate: NEXT_DAY, studentName: 'Per' })).status).toBe(200);
    await store().start(kari());
    store().setText('Per er bortreist');

    await store().save();

    expect(saves()[0]?.[2]).toEqual({ date: DAY, content: 'Per er bortreist', baseVersion: 0 });
    expect(store().report?.awayStudents).toEqual(['Per']);
  });

  it('an answer asked for before a save finished does not undo that save', async () => {
    await on.phoneSaves(DAY, 'Gammel');
    await store().start(kari());
    store().setText('Ny');

    const reads = on.browser.holdAnswers('GET');
    const refreshing = store().refresh();
    // The server has answered the question (with the old text) before the save reaches it.
    await vi.waitFor(() => expect(reads.waiting()).toBe(1));
    await store().save();
    reads.release();
    await refreshing;

    expect(store()).toMatchObject({ text: 'Ny', unsaved: false, baseVersion: 2 });
    expect(store().report?.content).toBe('Ny');
  });

  it('tells the screen when the browser refuses to keep the draft', async () => {
    await store().start(kari());
    refuseStorage();

    store().setText('Kan ikke lagres lokalt');

    expect(store()).toMatchObject({ text: 'Kan ikke lagres lokalt', unsaved: true, draftFailed: true });
  });
});

describe('when the server refuses the save', () => {
  it('the day closed under the text: the text is kept as a read-only draft of that day and the new day opens', async () => {
    await store().start(kari());
    store().setText('Sen tekst');
    on.clock.setOslo(NEXT_DAY, 21, 0);

    await expect(store().save()).resolves.toEqual({ kind: 'locked' });

    expect(store()).toMatchObject({ day: NEXT_DAY, text: '', unsaved: false });
    expect(lockedDraftTexts()).toEqual([[DAY, 'Sen tekst']]);
    // The closed day is asked for: the text stays, since the server does not have it.
    await vi.waitFor(() => expect(on.browser.sent('GET').map(([, path]) => path)).toContain(`/api/reports/my?date=${DAY}`));
    await on.browser.idle();
    expect(lockedDraftTexts()).toEqual([[DAY, 'Sen tekst']]);
    expect(readDraft(kari(), DAY)?.content).toBe('Sen tekst');
  });

  it('in the reset window (08:30–09:00) the text stays typed and kept, and the report turns read-only', async () => {
    await store().start(kari());
    store().setText('Skrevet 08:45');
    on.clock.setOslo(NEXT_DAY, 8, 45);

    await expect(store().save()).resolves.toEqual({ kind: 'resetWindow' });

    expect(store()).toMatchObject({ day: DAY, text: 'Skrevet 08:45', unsaved: true });
    expect(store().report?.resetWindow).toBe(true);
    expect(readDraft(kari(), DAY)?.content).toBe('Skrevet 08:45');
  });

  it('a day the server has not opened (this page ahead of it): the server is asked which day is, and the text stays on the device', async () => {
    on.clock.setOslo(NEXT_DAY, 21, 0);
    await store().start(kari());
    store().setText('Tekst');
    on.clock.setOslo(DAY, 21, 0);

    await expect(store().save()).resolves.toEqual({ kind: 'wrongDay' });

    expect(store()).toMatchObject({ day: DAY, text: '', unsaved: false });
    expect(lockedDraftTexts()).toEqual([[NEXT_DAY, 'Tekst']]);
    expect(readDraft(kari(), NEXT_DAY)?.content).toBe('Tekst');
  });
});

describe('drafts of report days that are over', () => {
  it('are shown read-only beside the open day, oldest first', async () => {
    writeDraft(kari(), '2026-11-18', 'Onsdag', 0);
    writeDraft(kari(), '2026-11-19', 'Torsdag', 0);

    await store().start(kari());

    expect(lockedDraftTexts()).toEqual([
      ['2026-11-18', 'Onsdag'],
      ['2026-11-19', 'Torsdag'],
    ]);
    expect(store().text).toBe('');
  });

  it('are dropped once the server turns out to have that text (saved on another device)', async () => {
    on.clock.setOslo('2026-11-19', 21, 0);
    await on.phoneSaves('2026-11-19', 'Lagret på telefonen');
    on.clock.setOslo(DAY, 21, 0);
    writeDraft(kari(), '2026-11-19', 'Lagret på telefonen', 1);

    await store().start(kari());

    await vi.waitFor(() => expect(store().lockedDrafts).toEqual([]));
    expect(readDraft(kari(), '2026-11-19')).toBeNull();
  });

  it('go from the screen and the device when discarded', async () => {
    writeDraft(kari(), '2026-11-18', 'Onsdag', 0);
    writeDraft(kari(), '2026-11-19', 'Torsdag', 0);
    await store().start(kari());

    store().discardLockedDraft('2026-11-18');

    expect(lockedDraftTexts()).toEqual([['2026-11-19', 'Torsdag']]);
    expect(readDraft(kari(), '2026-11-18')).toBeNull();
    expect(readDraft(kari(), '2026-11-19')?.content).toBe('Torsdag');
  });
});

describe('ticking a task', () => {
  const ticks = () => on.browser.sent('PUT').filter(([, path]) => path.startsWith('/api/reports/my/tasks/'));
  const onServer = async (date = DAY) => (await on.phone.get<MyReport>(`/api/reports/my?date=${date}`)).body;

  it('shows the tick at once, sends it as a tick of its own (not with the text), and keeps it when saved', async () => {
    await on.phoneSaves(DAY, 'Tekst', ['1']);
    await store().start(kari());
    store().setText('Tekst, ikke lagret');
    const answers = on.browser.holdAnswers('PUT');

    const ticking = store().tickTask('3');
    expect(store().pendingTicks).toEqual(['1', '3']);
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    answers.release();
    await expect(ticking).resolves.toEqual({ kind: 'saved' });

    expect(on.browser.sent('PUT')).toEqual([['PUT', '/api/reports/my/tasks/3', { date: DAY, done: true, tickId: expect.any(String) }]]);
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1', '3']);
    // Ticks leave the text and its version as they were.
    expect(await onServer()).toMatchObject({ content: 'Tekst', completedTasks: ['1', '3'], version: 1 });
    // The text typed meanwhile is still typed, and still written from the same version.
    expect(store()).toMatchObject({ text: 'Tekst, ikke lagret', unsaved: true, baseVersion: 1 });
    expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Tekst, ikke lagret', baseVersion: 1 });
  });

  it('taking back my tick sends done: false with the tick it names', async () => {
    await on.phoneSaves(DAY, '', ['1', '2']);
    await store().start(kari());
    const tickId = store().report!.ticks.find((tick) => tick.taskId === '1')!.id;

    await expect(store().undoTick('1', tickId)).resolves.toEqual({ kind: 'saved' });

    expect(ticks()).toEqual([['PUT', '/api/reports/my/tasks/1', { date: DAY, done: false, tickId }]]);
    expect(store().report?.completedTasks).toEqual(['2']);
    expect(store().pendingTicks).toBeNull();
  });

  it('two quick ticks each send their own call, in order, and the shown ticks settle to the server’s answer', async () => {
    await on.phoneSaves(DAY, 'Tekst', ['1']);
    await store().start(kari());
    const answers = on.browser.holdAnswers('PUT');

    const first = store().tickTask('2');
    const second = store().tickTask('3');
    expect(store().pendingTicks).toEqual(['1', '2', '3']);
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    // One write at a time: the second waits for the first's answer.
    expect(ticks()).toEqual([['PUT', '/api/reports/my/tasks/2', { date: DAY, done: true, tickId: expect.any(String) }]]);

    answers.releaseOne();
    await expect(first).resolves.toEqual({ kind: 'saved' });
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    // The first answer has only the first tick: the second, on its way, is still shown.
    expect(store().report?.completedTasks).toEqual(['1', '2']);
    expect(store().pendingTicks).toEqual(['1', '2', '3']);
    expect(ticks().map(([, path]) => path)).toEqual(['/api/reports/my/tasks/2', '/api/reports/my/tasks/3']);

    answers.release();
    await expect(second).resolves.toEqual({ kind: 'saved' });
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1', '2', '3']);
    expect(await onServer()).toMatchObject({ completedTasks: ['1', '2', '3'], version: 1 });
    expect(store().baseVersion).toBe(1);
  });

  it('a refused taking back is shown as it was', async () => {
    await on.phoneSaves(DAY, '', ['1']);
    await store().start(kari());
    on.clock.setOslo(NEXT_DAY, 8, 40);
    const tickId = store().report!.ticks[0]!.id;

    await expect(store().undoTick('1', tickId)).resolves.toEqual({ kind: 'resetWindow' });

    expect(ticks()).toEqual([['PUT', '/api/reports/my/tasks/1', { date: DAY, done: false, tickId }]]);
    expect(store().pendingTicks).toBeNull();
    expect(store().report?.completedTasks).toEqual(['1']);
    expect(await onServer()).toMatchObject({ completedTasks: ['1'] });
  });

  it('a tick on a day that closed is refused as locked, and the new day opens', async () => {
    await store().start(kari());
    on.clock.setOslo(NEXT_DAY, 21, 0);

    await expect(store().tickTask('2')).resolves.toEqual({ kind: 'locked' });

    expect(store().pendingTicks).toBeNull();
    expect(store().day).toBe(NEXT_DAY);
    expect(await onServer(DAY)).toMatchObject({ id: null, completedTasks: [] });
  });
});
