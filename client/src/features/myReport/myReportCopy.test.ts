import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReport } from '#protocol';
import { json, networkDown, stubFetch } from '../../testing/fakeFetch';
import { userOf } from '../../testing/users';
import { useAuthStore } from '../../stores/authStore';
import { resetStores } from '../../stores/registry';
import { useMyReportStore } from './myReportStore';
import { writeDraft } from './reportDrafts';

/** The supervisor's own report on a page loaded anew off line: the device's copy of that day (stores/deviceCopies.ts). */
const KARI = userOf('Tilsynsvakt');
const DAY = '2026-11-20';
const EVENING = new Date('2026-11-20T21:41:00.000Z');
const store = () => useMyReportStore.getState();

const saved: MyReport = {
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  date: DAY,
  content: 'Kl. 22: alt rolig.',
  completedTasks: ['1', '3'],
  ticks: [
    { id: 't1', taskId: '1', label: 'Dobbelttelle elevene', at: '2026-11-20T20:10:00.000Z' },
    { id: 't3', taskId: '3', label: 'Kveldsmat servert', at: '2026-11-20T20:40:00.000Z' },
  ],
  awayStudents: [],
  locked: false,
  resetWindow: false,
  reportDay: DAY,
  updatedAt: '2026-11-20T21:00:00.000Z',
  version: 3,
};

/** Loaded on line at 22:41 Oslo time, then the page is gone (the store starts afresh). */
async function loadedThenReloadedOffline(): Promise<void> {
  stubFetch(() => json(saved));
  await store().start(KARI.id);
  expect(store().status).toBe('ready');
  store().reset();
  stubFetch(() => networkDown());
}

beforeEach(() => {
  localStorage.clear();
  store().reset();
  useAuthStore.setState({ phase: 'signedIn', user: KARI });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(EVENING);
});
afterEach(() => {
  vi.useRealTimers();
  useAuthStore.setState({ phase: 'checking', user: null });
});

describe('the own report off line after a reload', () => {
  it('shows the text and ticks the server last gave, marked with when, and a save waits in the outbox on its version', async () => {
    await loadedThenReloadedOffline();
    await store().start(KARI.id);
    expect(store()).toMatchObject({
      status: 'error',
      day: DAY,
      text: 'Kl. 22: alt rolig.',
      unsaved: false,
      baseVersion: 3,
      copiedAt: EVENING.toISOString(),
    });
    expect(store().report?.completedTasks).toEqual(['1', '3']);

    store().setText('Kl. 22: alt rolig. Kl. 23: Per hoster.');
    expect(await store().save()).toEqual({ kind: 'waiting' });
  });

  it('what was typed off line (the draft) stays over the copy', async () => {
    await loadedThenReloadedOffline();
    writeDraft(KARI.id, DAY, 'Skrevet uten nett', 3);
    await store().start(KARI.id);
    expect(store()).toMatchObject({ text: 'Skrevet uten nett', unsaved: true, baseVersion: 3 });
    expect(store().report?.content).toBe('Kl. 22: alt rolig.');
  });

  it('another report day shows nothing of it, and after sign-out there is none', async () => {
    await loadedThenReloadedOffline();
    vi.setSystemTime(new Date('2026-11-21T09:30:00.000Z'));
    await store().start(KARI.id);
    expect(store()).toMatchObject({ day: '2026-11-21', report: null, text: '', copiedAt: null });

    vi.setSystemTime(EVENING);
    store().reset();
    resetStores();
    await store().start(KARI.id);
    expect(store()).toMatchObject({ day: DAY, report: null, text: '', copiedAt: null });
  });
});
