import { useEffect } from 'react';
import { create } from 'zustand';
import { reportDay, type MyReport, type Report, type TaskId } from '#protocol';
import { fetchMyReport, saveMyReport } from './reportsApi';
import { scopeDay } from '../../stores/dayScope';
import { useAwayStore } from '../away/awayStore';
import type { LoadStatus } from '../../stores/collection';
import { isTaskId, pickContent, refusal, sameTicks, type SaveOutcome } from './myReportSave';
import { listDrafts, readDraft, removeDraft, writeDraft, type Draft } from './reportDrafts';
import { registerStore } from '../../stores/registry';
import { toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

type SaveKind = 'button' | 'toggle';

interface MyReportState {
  userId: string | null;
  /** The report day on screen: the server's, once it has answered. */
  day: string | null;
  /** The server's copy of that day's report; null until it has answered. */
  report: MyReport | null;
  status: LoadStatus;
  /** The editor's text. */
  text: string;
  /** The text is not what the server has (or the server could not be asked): kept as a draft. */
  unsaved: boolean;
  /** The browser refused to keep the draft (storage full or disabled). */
  draftFailed: boolean;
  /** Ticks shown while their save is on its way. */
  pendingTicks: TaskId[] | null;
  saving: boolean;
  /** Unsaved text of report days that are over: read-only, to be copied. */
  lockedDrafts: Draft[];
  start(userId: string): Promise<void>;
  /** Asks the server which day is open and what it holds (boundaries, reconnects, wake-ups). */
  refresh(): Promise<void>;
  setText(text: string): void;
  /** Saves the text and ticks; says how it ended, for the screen to tell the user. */
  save(kind?: SaveKind): Promise<SaveOutcome>;
  toggleTask(id: TaskId): Promise<SaveOutcome>;
  /** Back on line: asks the server again and saves what was typed meanwhile; null when there was nothing to save. */
  saveTypedOffline(): Promise<SaveOutcome | null>;
  /** reports.saved: my own report, saved from another tab or device. */
  receive(report: Report): void;
  /** reports.deleted: an admin deleted my report. */
  receiveDeleted(id: string): void;
  discardLockedDraft(date: string): void;
  reset(): void;
}

const EMPTY = {
  userId: null,
  day: null,
  report: null,
  status: 'idle' as LoadStatus,
  text: '',
  unsaved: false,
  draftFailed: false,
  pendingTicks: null,
  saving: false,
  lockedDrafts: [],
};

let loadGeneration = 0;
let queue: Promise<unknown> = Promise.resolve();

/** The away students of the day, as the board shows them; null when that list is not loaded. */
function awayNamesOf(day: string): string[] | null {
  const { data, scope } = useAwayStore.getState();
  return data && scopeDay(scope) === day ? data.names : null;
}

/**
 * The signed-in supervisor's own report of the current report day, and the text being typed.
 * Every change of the text is kept as a local draft until the server has exactly that text.
 */
export const useMyReportStore = create<MyReportState>()((set, get) => {
  /** Drafts of any other day: days that closed, or a day guessed wrongly from this device's clock while offline. */
  function otherDayDrafts(userId: string, day: string): Draft[] {
    return listDrafts(userId).filter((draft) => draft.date !== day);
  }

  /** A draft of a closed day whose text the server has after all (saved elsewhere) is not lost. */
  async function dropSavedLockedDrafts(userId: string, drafts: Draft[]): Promise<void> {
    for (const draft of drafts) {
      try {
        const saved = await fetchMyReport(draft.date);
        if (saved && saved.content === draft.content && get().userId === userId) {
          removeDraft(userId, draft.date);
          set((s) => ({ lockedDrafts: s.lockedDrafts.filter((d) => d.date !== draft.date) }));
        }
      } catch {
        // Keep it: better shown once too often than lost.
      }
    }
  }

  function keep(userId: string, day: string, text: string, unsaved: boolean): boolean {
    if (unsaved) return writeDraft(userId, day, text);
    removeDraft(userId, day);
    return true;
  }

  function applyLoaded(userId: string, loaded: MyReport): void {
    const prev = get();
    const day = loaded.date;
    const sameDay = prev.day === day;
    // A save that finished while this was asked is newer than the answer.
    const newerLocal =
      sameDay && prev.report?.updatedAt && loaded.updatedAt && prev.report.updatedAt > loaded.updatedAt ? prev.report : null;
    const report: MyReport = newerLocal ? { ...loaded, ...pickContent(newerLocal) } : loaded;
    const draft = readDraft(userId, day);
    const text = sameDay && prev.unsaved ? prev.text : (draft?.content ?? report.content);
    const unsaved = text !== report.content;
    const draftFailed = !keep(userId, day, text, unsaved);
    const lockedDrafts = otherDayDrafts(userId, day);
    set({
      day,
      report,
      status: 'ready',
      text,
      unsaved,
      draftFailed,
      pendingTicks: sameDay ? prev.pendingTicks : null,
      lockedDrafts,
    });
    if (lockedDrafts.length > 0) void dropSavedLockedDrafts(userId, lockedDrafts);
  }

  async function doSave(kind: SaveKind): Promise<SaveOutcome> {
    let state = get();
    const { userId } = state;
    if (!userId) return { kind: 'failed', serverText: '' };
    if (kind === 'toggle' && state.pendingTicks === null && !state.unsaved) return { kind: 'nothingToSave' };
    if (!state.report || state.report.date !== state.day) {
      await get().refresh();
      state = get();
    }
    const { report, day } = state;
    if (!report || !day) {
      set({ pendingTicks: null });
      return { kind: 'failed', serverText: '' };
    }
    const body = {
      date: day,
      content: state.text,
      completedTasks: state.pendingTicks ?? report.completedTasks.filter(isTaskId),
      awayStudents: awayNamesOf(day) ?? report.awayStudents,
    };
    set({ saving: true });
    try {
      const saved = await saveMyReport(body);
      applySaved(userId, saved, body.completedTasks);
      return { kind: 'saved' };
    } catch (error) {
      set({ saving: false, pendingTicks: null });
      const outcome = refusal(error);
      await afterRefusal(outcome);
      return outcome;
    }
  }

  function applySaved(userId: string, saved: Report, sentTicks: string[]): void {
    useRecentReportsStore.getState().put(toRecentEntry(saved));
    useReportsStore.getState().put(saved);
    const now = get();
    if (now.userId !== userId || now.day !== saved.date || !now.report) {
      set({ saving: false });
      return;
    }
    const report: MyReport = { ...now.report, ...pickContent(saved), id: saved.id };
    const unsaved = now.text !== saved.content;
    if (!unsaved) removeDraft(userId, saved.date);
    const pendingTicks = now.pendingTicks && !sameTicks(now.pendingTicks, sentTicks) ? now.pendingTicks : null;
    set({ report, unsaved, pendingTicks, saving: false });
  }

  /** A closed day keeps its draft, read-only and copyable; the window shows as such; a wrong day asks again. */
  async function afterRefusal(outcome: SaveOutcome): Promise<void> {
    if (outcome.kind === 'locked' || outcome.kind === 'wrongDay') await get().refresh();
    if (outcome.kind === 'resetWindow') set((s) => (s.report ? { report: { ...s.report, resetWindow: true } } : {}));
  }

  return {
    ...EMPTY,

    start(userId) {
      if (get().userId !== userId) {
        loadGeneration += 1;
        set({ ...EMPTY, userId });
      }
      return get().refresh();
    },

    async refresh() {
      const { userId } = get();
      if (!userId) return;
      loadGeneration += 1;
      const started = loadGeneration;
      set({ status: 'loading' });
      try {
        const loaded = await fetchMyReport();
        if (started !== loadGeneration || get().userId !== userId) return;
        if (loaded) applyLoaded(userId, loaded);
        else set({ status: 'error' });
      } catch {
        if (started !== loadGeneration || get().userId !== userId) return;
        // The server cannot be asked: the day is guessed from this device's clock and the draft shown.
        const prev = get();
        const day = prev.day ?? reportDay(new Date());
        const draft = prev.day ? null : readDraft(userId, day);
        set({
          status: 'error',
          day,
          text: draft ? draft.content : prev.text,
          unsaved: draft ? true : prev.unsaved,
          lockedDrafts: otherDayDrafts(userId, day),
        });
      }
    },

    setText(text) {
      const { userId, day, report } = get();
      if (!userId || !day) return;
      const unsaved = report ? text !== report.content : true;
      const draftFailed = !keep(userId, day, text, unsaved);
      set({ text, unsaved, draftFailed });
    },

    save(kind = 'button') {
      const next = queue.then(
        () => doSave(kind),
        () => doSave(kind),
      );
      queue = next;
      return next;
    },

    toggleTask(id) {
      const { report, pendingTicks } = get();
      if (!report) return Promise.resolve({ kind: 'failed', serverText: '' });
      const current = pendingTicks ?? report.completedTasks.filter(isTaskId);
      const next = current.includes(id) ? current.filter((t) => t !== id) : [...current, id].sort();
      set({ pendingTicks: next });
      return get().save('toggle');
    },

    async saveTypedOffline() {
      if (!get().userId || get().status === 'idle') return null;
      await get().refresh();
      const { unsaved, status, saving } = get();
      return unsaved && status === 'ready' && !saving ? get().save('button') : null;
    },

    receive(saved) {
      const { userId, day, report, text } = get();
      if (!userId || !report || saved.authorUserId !== userId || saved.date !== day) return;
      if (report.updatedAt && saved.updatedAt < report.updatedAt) return;
      const wasUnsaved = get().unsaved;
      const nextText = wasUnsaved ? text : saved.content;
      const unsaved = nextText !== saved.content;
      const draftFailed = !keep(userId, day, nextText, unsaved);
      set({ report: { ...report, ...pickContent(saved), id: saved.id }, text: nextText, unsaved, draftFailed });
    },

    receiveDeleted(id) {
      const { userId, day, report, text, unsaved: wasUnsaved } = get();
      if (!userId || !day || !report || report.id !== id) return;
      const nextText = wasUnsaved ? text : '';
      const unsaved = nextText !== '';
      const draftFailed = !keep(userId, day, nextText, unsaved);
      set({
        report: { ...report, id: null, content: '', completedTasks: [], awayStudents: [], updatedAt: null },
        text: nextText,
        unsaved,
        draftFailed,
        pendingTicks: null,
      });
    },

    discardLockedDraft(date) {
      const { userId } = get();
      if (!userId) return;
      removeDraft(userId, date);
      set((s) => ({ lockedDrafts: s.lockedDrafts.filter((d) => d.date !== date) }));
    },

    reset() {
      loadGeneration += 1;
      set({ ...EMPTY });
    },
  };
});

registerStore({
  refetchIfLoaded() {
    const { userId, status } = useMyReportStore.getState();
    if (userId && status !== 'idle') void useMyReportStore.getState().refresh();
  },
  // Sign-out forgets the server copy; the drafts stay in local storage for the same user.
  reset() {
    useMyReportStore.getState().reset();
  },
});

/** The board of a supervisor says it needs their report (null: not a supervisor, nothing to load). */
export function useMyReport(userId: string | null): void {
  useEffect(() => {
    if (userId) void useMyReportStore.getState().start(userId);
  }, [userId]);
}
