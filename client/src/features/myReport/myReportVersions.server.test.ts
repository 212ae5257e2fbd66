import { describe, expect, it, vi } from 'vitest';
import type { MyReport, Report } from '#protocol';
import { DAY, myReportOnServer, NEXT_DAY } from '../../../../server/test/myReportOnServer';
import { writeMyReport } from '../../../../server/test/reportWrites';
import { signedIn } from '../../../../server/test/sessions';
import { resetStores } from '../../stores/registry';
import { useToastStore } from '../../ui/toastStore';
import { useMyReportStore } from './myReportStore';
import { readDraft } from './reportDrafts';
import { CONFLICT_TITLE, MERGED_DESCRIPTION } from './saveOutcome';
import { flushOutbox, openOutbox, useOutbox } from '../../stores/outbox';
// The senders of what waits in the outbox, as the signed-in app loads them (client/src/outboxSenders.ts).
import './reportOutbox';

/**
 * The version rules of my report (SPEC §7 PUT /api/reports/my, protocol/src/versions.ts) as the
 * store meets them on the real server: each save raises the version; a save written from an older
 * version than the server's is refused (409 editConflict with the report as it is now), never
 * written over, and the writer chooses.
 */
const store = () => useMyReportStore.getState();

const on = myReportOnServer(() => {
  resetStores();
  useToastStore.setState({ toasts: [] });
});
const kari = () => on.fx.a.supervisor.id;
const saves = () => on.browser.sent('PUT').filter(([, path]) => path === '/api/reports/my');
const onServer = async () => (await on.phone.get<MyReport>(`/api/reports/my?date=${DAY}`)).body;

/** Loaded at version 1 and typed on here, while the phone saved version 2. */
async function typedWhilePhoneSaved(): Promise<void> {
  await on.phoneSaves(DAY, 'Start');
  await store().start(kari());
  store().setText('Start, fra PC-en');
  await on.phoneSaves(DAY, 'Start, fra telefonen');
}

describe('a save over a text saved elsewhere meanwhile (409 editConflict)', () => {
  it('is refused, not written over: both texts are shown, and nothing typed is lost', async () => {
    await typedWhilePhoneSaved();

    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });

    expect(saves()).toEqual([['PUT', '/api/reports/my', { date: DAY, content: 'Start, fra PC-en', baseVersion: 1 }]]);
    expect(store().conflict).toEqual({ base: 'Start', mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, saving: false });
    expect(readDraft(kari(), DAY)?.content).toBe('Start, fra PC-en');
    expect(await onServer()).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
    // Until the writer chooses, Lagre saves nothing.
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(saves()).toHaveLength(1);
  });

  it('keeping mine saves the typed text on the version saved elsewhere', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('mine')).resolves.toEqual({ kind: 'saved' });

    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Start, fra PC-en', baseVersion: 2 });
    expect(await onServer()).toMatchObject({ content: 'Start, fra PC-en', version: 3 });
    expect(store()).toMatchObject({ conflict: null, text: 'Start, fra PC-en', unsaved: false, baseVersion: 3 });
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it('taking theirs shows the text saved elsewhere and saves nothing', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('theirs')).resolves.toEqual({ kind: 'nothingToSave' });

    expect(saves()).toHaveLength(1);
    expect(await onServer()).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
    expect(store()).toMatchObject({ conflict: null, text: 'Start, fra telefonen', unsaved: false, baseVersion: 2 });
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it('keeping both saves the line saved elsewhere with mine below it, each once', async () => {
    await typedWhilePhoneSaved();
    await store().save();

    await expect(store().resolveConflict('both')).resolves.toEqual({ kind: 'saved' });

    const both = 'Start, fra telefonen\nStart, fra PC-en';
    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: both, baseVersion: 2 });
    expect(await onServer()).toMatchObject({ content: both, version: 3 });
    expect(store()).toMatchObject({ conflict: null, text: both, unsaved: false, baseVersion: 3 });
  });

  it('a save of the very text the server already has is no conflict', async () => {
    await typedWhilePhoneSaved();
    store().setText('Start, fra telefonen og mer');
    await on.phoneSaves(DAY, 'Start, fra telefonen og mer');

    await expect(store().save()).resolves.toEqual({ kind: 'saved' });

    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Start, fra telefonen og mer', baseVersion: 1 });
    expect(store()).toMatchObject({ conflict: null, unsaved: false, baseVersion: 3 });
  });

  it('reports.saved from another device while text is unsaved keeps the text and its version: the next save is refused', async () => {
    await on.phoneSaves(DAY, 'Start');
    await store().start(kari());
    store().setText('Start, fra PC-en');

    store().receive(await on.phoneSaves(DAY, 'Start, fra telefonen'));

    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, baseVersion: 1 });
    expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Start, fra PC-en', baseVersion: 1 });
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(store().conflict).toEqual({ base: 'Start', mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
  });

  it('reports.saved from another device with nothing unsaved: the text and its version follow the server, and the next save is taken', async () => {
    await on.phoneSaves(DAY, 'Start');
    await store().start(kari());

    store().receive(await on.phoneSaves(DAY, 'Fra telefonen'));
    expect(store()).toMatchObject({ text: 'Fra telefonen', unsaved: false, baseVersion: 2 });

    store().setText('Fra telefonen, og PC-en');
    await expect(store().save()).resolves.toEqual({ kind: 'saved' });
    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Fra telefonen, og PC-en', baseVersion: 2 });
    expect(await onServer()).toMatchObject({ content: 'Fra telefonen, og PC-en', version: 3 });
  });

  it('a draft restored after a reload keeps the version it was written from', async () => {
    await on.phoneSaves(DAY, 'Start');
    await store().start(kari());
    store().setText('Start, fra PC-en');
    expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Start, fra PC-en', baseVersion: 1 });
    await on.phoneSaves(DAY, 'Start, fra telefonen');

    // A reload: the page forgets all but the device's drafts.
    resetStores();
    await store().start(kari());

    expect(store()).toMatchObject({ text: 'Start, fra PC-en', unsaved: true, baseVersion: 1 });
    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Start, fra PC-en', baseVersion: 1 });
    expect(store().conflict).toEqual({ base: 'Start', mine: 'Start, fra PC-en', theirs: 'Start, fra telefonen', theirsVersion: 2 });
  });
});

describe('my report changed elsewhere (reports.saved, reports.deleted)', () => {
  it('an event older than the report on screen, of another day or of another user is ignored', async () => {
    on.clock.setOslo(NEXT_DAY, 21, 0);
    const nextDay = await on.phoneSaves(NEXT_DAY, 'Neste dag');
    on.clock.setOslo(DAY, 21, 0);
    const older = await on.phoneSaves(DAY, 'Eldre');
    await on.phoneSaves(DAY, 'Nyere');
    await store().start(kari());
    const olas = await writeMyReport(await signedIn(on.server.baseUrl, on.fx.b.supervisor), DAY, 'Olas rapport');

    store().receive(older);
    store().receive(nextDay);
    store().receive(olas.body as unknown as Report);

    expect(store()).toMatchObject({ day: DAY, text: 'Nyere', unsaved: false, baseVersion: 2 });
    expect(store().report?.content).toBe('Nyere');
  });

  it('an admin deleting my report leaves my text on screen and kept on the device, as not saved; saving it starts again at version 1', async () => {
    const saved = await on.phoneSaves(DAY, 'Slettes');
    await store().start(kari());

    expect((await on.c.adminA.delete(`/api/reports/${saved.id}`)).status).toBe(200);
    store().receiveDeleted(saved.id);

    expect(store()).toMatchObject({ text: 'Slettes', unsaved: true, deletedElsewhere: true, baseVersion: 0 });
    expect(store().report).toMatchObject({ id: null, content: '' });
    expect(readDraft(kari(), DAY)?.content).toBe('Slettes');

    await expect(store().save()).resolves.toEqual({ kind: 'saved' });
    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Slettes', baseVersion: 0 });
    expect(store()).toMatchObject({ unsaved: false, deletedElsewhere: false, baseVersion: 1 });
    expect(await onServer()).toMatchObject({ content: 'Slettes', version: 1 });
  });
});

describe('off line: what is typed and ticked waits on the device, and is sent on the version it was written from', () => {
  it('typed off line, without Lagre: back on line it is saved', async () => {
    await on.phoneSaves(DAY, 'Start');
    await store().start(kari());
    on.browser.goOffline();

    store().setText('Start, skrevet uten nett');
    expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Start, skrevet uten nett', baseVersion: 1 });

    on.browser.goOnline();
    // What the board does on the browser's 'online' event (useSaveWhenOnline.ts).
    await expect(store().saveTypedOffline()).resolves.toEqual({ kind: 'saved' });

    expect(saves()).toEqual([['PUT', '/api/reports/my', { date: DAY, content: 'Start, skrevet uten nett', baseVersion: 1 }]]);
    expect(await onServer()).toMatchObject({ content: 'Start, skrevet uten nett', version: 2 });
    expect(store()).toMatchObject({ status: 'ready', unsaved: false, baseVersion: 2 });
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it("not reached at all: typed on the day this device's clock says; back on line it is saved to that day", async () => {
    // Only the page's clock is the device's: the server keeps the app's (server/test/testClock.ts).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T21:00:00Z'));
      on.browser.goOffline();
      await store().start(kari());
      expect(store()).toMatchObject({ status: 'error', day: DAY });
      store().setText('Skrevet uten nett');
      expect(readDraft(kari(), DAY)).toMatchObject({ content: 'Skrevet uten nett', baseVersion: 0 });

      on.browser.goOnline();
      await expect(store().saveTypedOffline()).resolves.toEqual({ kind: 'saved' });
    } finally {
      vi.useRealTimers();
    }

    expect(await onServer()).toMatchObject({ content: 'Skrevet uten nett', version: 1 });
    expect(store()).toMatchObject({ status: 'ready', unsaved: false, saving: false, baseVersion: 1 });
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it('a save and two ticks made off line wait in the outbox, and are sent once, in order, when the server can be reached', async () => {
    await store().start(kari());
    openOutbox(kari());
    on.browser.goOffline();

    // The device's clock at 20:55 that evening, five minutes before the server's (the rounds are recorded at the time they were done).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T19:55:00Z'));
      store().setText('Skrevet uten nett');
      await expect(store().save()).resolves.toEqual({ kind: 'waiting' });
      await expect(store().tickTask('2')).resolves.toEqual({ kind: 'waiting' });
      await expect(store().tickTask('4')).resolves.toEqual({ kind: 'waiting' });
    } finally {
      vi.useRealTimers();
    }
    await flushOutbox();
    expect(useOutbox.getState().entries.map((entry) => entry.kind)).toEqual(['reportText', 'tick', 'tick']);
    expect(await onServer()).toMatchObject({ id: null, version: 0 });

    on.browser.goOnline();
    await flushOutbox();

    expect(on.browser.sent('PUT')).toEqual([
      ['PUT', '/api/reports/my', { date: DAY, content: 'Skrevet uten nett', baseVersion: 0 }],
      // Each round with the time it was done off line.
      ['PUT', '/api/reports/my/tasks/2', { date: DAY, done: true, tickId: expect.any(String), doneAt: '2026-11-20T19:55:00.000Z' }],
      ['PUT', '/api/reports/my/tasks/4', { date: DAY, done: true, tickId: expect.any(String), doneAt: '2026-11-20T19:55:00.000Z' }],
    ]);
    expect(useOutbox.getState().entries).toEqual([]);
    expect(await onServer()).toMatchObject({ content: 'Skrevet uten nett', completedTasks: ['2', '4'], version: 1 });
    expect(store()).toMatchObject({ text: 'Skrevet uten nett', unsaved: false, baseVersion: 1 });
    expect(store().report?.completedTasks).toEqual(['2', '4']);
    expect(readDraft(kari(), DAY)).toBeNull();
    // Sent again, nothing more reaches the server.
    await flushOutbox();
    expect(on.browser.sent('PUT')).toHaveLength(3);
  });

  it('saved off line on a version the phone has moved past meanwhile: refused as a conflict when sent, not written over', async () => {
    await on.phoneSaves(DAY, 'Start');
    await store().start(kari());
    openOutbox(kari());
    on.browser.goOffline();
    store().setText('Start, fra PC-en uten nett');
    await expect(store().save()).resolves.toEqual({ kind: 'waiting' });
    await on.phoneSaves(DAY, 'Start, fra telefonen');

    on.browser.goOnline();
    await flushOutbox();

    expect(saves().at(-1)?.[2]).toEqual({ date: DAY, content: 'Start, fra PC-en uten nett', baseVersion: 1 });
    expect(await onServer()).toMatchObject({ content: 'Start, fra telefonen', version: 2 });
    expect(store().conflict).toEqual({
      base: 'Start',
      mine: 'Start, fra PC-en uten nett',
      theirs: 'Start, fra telefonen',
      theirsVersion: 2,
    });
    expect(readDraft(kari(), DAY)?.content).toBe('Start, fra PC-en uten nett');
    expect(useToastStore.getState().toasts[0]?.title).toBe(CONFLICT_TITLE);
    expect(useOutbox.getState().entries).toEqual([]);

    await expect(store().resolveConflict('mine')).resolves.toEqual({ kind: 'saved' });
    expect(await onServer()).toMatchObject({ content: 'Start, fra PC-en uten nett', version: 3 });
  });
});

describe('issue 44: two devices that changed different lines end with both changes and no question', () => {
  const BASE = 'Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig';
  type Versions = { versions: Array<{ version: number }> };

  it('a save refused for a newer text is merged and saved again at once; every earlier version can be read', async () => {
    await on.phoneSaves(DAY, BASE);
    await store().start(kari());
    store().setText('Rom 12 stille\nOla syk, fikk paracet 22:10\nKari hjemme\nAlt rolig');
    const phone = await on.phoneSaves(DAY, 'Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig etter 23');

    await expect(store().save()).resolves.toEqual({ kind: 'merged' });

    const merged = 'Rom 12 stille\nOla syk, fikk paracet 22:10\nKari hjemme\nAlt rolig etter 23';
    expect(saves().map(([, , body]) => body)).toEqual([
      { date: DAY, content: 'Rom 12 stille\nOla syk, fikk paracet 22:10\nKari hjemme\nAlt rolig', baseVersion: 1 },
      { date: DAY, content: merged, baseVersion: 2 },
    ]);
    expect(await onServer()).toMatchObject({ content: merged, version: 3 });
    expect(store()).toMatchObject({ conflict: null, text: merged, unsaved: false, baseVersion: 3, baseText: merged });
    expect(readDraft(kari(), DAY)).toBeNull();
    const versions = await on.phone.get<Versions>(`/api/reports/${phone.id}/versions`);
    expect(versions.body.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('the same line changed on both asks once; Behold min replaces nothing for good', async () => {
    await on.phoneSaves(DAY, BASE);
    await store().start(kari());
    store().setText('Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig');
    const phone = await on.phoneSaves(DAY, 'Rom 12 stille\nOla syk, mor ringte 22:05\nKari hjemme\nAlt rolig etter 23');

    await expect(store().save()).resolves.toEqual({ kind: 'conflict' });
    expect(store().conflict).toMatchObject({ base: BASE, theirsVersion: 2 });
    await expect(store().resolveConflict('mine')).resolves.toEqual({ kind: 'saved' });

    // The phone's other line is kept; its version of the line both changed is still readable.
    expect(await onServer()).toMatchObject({
      content: 'Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig etter 23',
      version: 3,
    });
    const earlier = await on.phone.get<{ content: string }>(`/api/reports/${phone.id}/versions/2`);
    expect(earlier.body.content).toBe('Rom 12 stille\nOla syk, mor ringte 22:05\nKari hjemme\nAlt rolig etter 23');
    expect(saves()).toHaveLength(2);
  });

  it('a draft typed before a reload is merged against the text it was written from', async () => {
    await on.phoneSaves(DAY, BASE);
    await store().start(kari());
    store().setText('Rom 12 stille\nOla syk, fikk paracet\nKari hjemme\nAlt rolig');
    expect(readDraft(kari(), DAY)).toMatchObject({ baseVersion: 1, baseText: BASE });
    await on.phoneSaves(DAY, 'Rom 14 bråk\nOla syk\nKari hjemme\nAlt rolig');

    resetStores();
    await store().start(kari());
    await expect(store().save()).resolves.toEqual({ kind: 'merged' });

    expect(await onServer()).toMatchObject({ content: 'Rom 14 bråk\nOla syk, fikk paracet\nKari hjemme\nAlt rolig', version: 3 });
  });

  it('saved off line and sent later: merged in the outbox without a question', async () => {
    await on.phoneSaves(DAY, BASE);
    await store().start(kari());
    openOutbox(kari());
    on.browser.goOffline();
    store().setText('Rom 12 stille\nOla syk\nKari hjemme\nAlt rolig, skrevet uten nett');
    await expect(store().save()).resolves.toEqual({ kind: 'waiting' });
    await on.phoneSaves(DAY, 'Rom 12 stille\nOla frisk igjen\nKari hjemme\nAlt rolig');

    on.browser.goOnline();
    await flushOutbox();

    expect(await onServer()).toMatchObject({
      content: 'Rom 12 stille\nOla frisk igjen\nKari hjemme\nAlt rolig, skrevet uten nett',
      version: 3,
    });
    expect(store()).toMatchObject({ conflict: null, unsaved: false, baseVersion: 3 });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Lagret', description: MERGED_DESCRIPTION });
    expect(useOutbox.getState().entries).toEqual([]);
    expect(readDraft(kari(), DAY)).toBeNull();
  });

  it('the other device is told when its saved text was replaced', async () => {
    await on.phoneSaves(DAY, 'Fra mobilen');
    await store().start(kari());

    store().receive(await on.phoneSaves(DAY, 'Fra PC-en'));

    expect(store().replacedElsewhere).toMatchObject({ version: 2 });
    expect(store().text).toBe('Fra PC-en');
  });
});

describe('issue 44: Tøm with a way back', () => {
  it('an emptied box after a reload offers the saved text, and Lagre of it empties nothing unseen', async () => {
    await on.phoneSaves(DAY, 'Mor til Ola ringte 22:05');
    await store().start(kari());
    store().clear();
    expect(store()).toMatchObject({ text: '', unsaved: true });
    expect(readDraft(kari(), DAY)?.content).toBe('');

    // A reload: the empty draft is shown, and the saved text is still the server's.
    resetStores();
    await store().start(kari());
    expect(store()).toMatchObject({ text: '', unsaved: true });
    expect(store().report?.content).toBe('Mor til Ola ringte 22:05');

    store().restoreSaved();
    expect(store()).toMatchObject({ text: 'Mor til Ola ringte 22:05', unsaved: false });
    expect(readDraft(kari(), DAY)).toBeNull();
    // Nothing was sent: the saved report never lost its text.
    expect(saves()).toHaveLength(0);
    expect(await onServer()).toMatchObject({ content: 'Mor til Ola ringte 22:05', version: 1 });
    // And what was set aside (the empty box) comes back with Angre, still unsaved.
    store().undoClear();
    expect(store()).toMatchObject({ text: '', unsaved: true });
  });
});
