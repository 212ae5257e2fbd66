import { useEffect } from 'react';
import { create } from 'zustand';
import { reportDay, type Report, type TaskId } from '#protocol';
import { scopeDay } from '../../stores/dayScope';
import { registerStore } from '../../stores/registry';
import { useAwayStore } from '../away/awayStore';
import { EMPTY, next, type MyReportEvent, type MyReportState } from './myReportMachine';
import { isTaskId, refusal, type SaveOutcome } from './myReportSave';
import { listDrafts, readDraft, removeDraft, writeDraft, type Draft } from './reportDrafts';
import { showSavedReport } from './reportViews';
import { fetchMyReport, saveMyReport } from './reportsApi';

type SaveKind = 'button' | 'toggle';

interface MyReportStore extends MyReportState {
  /** The browser refused to keep the draft (storage full or disabled). */
  draftFailed: boolean;
  start(userId: string): Promise<void>;
  /** Asks the server which day is open and what it holds (boundaries, reconnects, wake-ups). */
  refresh(): Promise<void>;
  setText(text: string): void;
  /** Saves the text and ticks, one save at a time; says how it ended, for the screen to tell the user. */
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

/** The away students of the day, as the board shows them; null when that list is not loaded. */
function awayNamesOf(day: string): string[] | null {
  const { data, scope } = useAwayStore.getState();
  return data && scopeDay(scope) === day ? data.names : null;
}

/**
 * The signed-in supervisor's own report (the rules in myReportMachine.ts). This store asks and
 * saves, and keeps every change of the text as a local draft until the server has exactly that text.
 */
export const useMyReportStore = create<MyReportStore>()((set, get) => {
  // A newer question (another start, a refresh, a sign-out) makes an older answer moot.
  let asked = 0;
  let saves: Promise<unknown> = Promise.resolve();

  /** Applies what happened, and keeps the device's draft of the day in step with the text. */
  function dispatch(event: MyReportEvent): void {
    const before = get();
    const after = next(before, event);
    const { userId, day, text, unsaved } = after;
    const changed = event.type === 'loaded' || day !== before.day || text !== before.text || unsaved !== before.unsaved;
    let { draftFailed } = before;
    if (userId && day && changed) {
      if (unsaved) draftFailed = !writeDraft(userId, day, text);
      else {
        removeDraft(userId, day);
        draftFailed = false;
      }
    }
    set({ ...after, draftFailed: event.type === 'reset' ? false : draftFailed });
  }

  /** Drafts of any other day: days that closed, or a day guessed wrongly from this device's clock while off line. */
  const otherDayDrafts = (userId: string, day: string): Draft[] => listDrafts(userId).filter((draft) => draft.date !== day);

  /** A draft of a closed day whose text the server has after all (saved elsewhere) is not lost. */
  async function dropSavedLockedDrafts(userId: string, drafts: Draft[]): Promise<void> {
    for (const draft of drafts) {
      try {
        const saved = await fetchMyReport(draft.date);
        if (saved && saved.content === draft.content && get().userId === userId) {
          removeDraft(userId, draft.date);
          dispatch({ type: 'lockedDraftGone', date: draft.date });
        }
      } catch {
        // Keep it: better shown once too often than lost.
      }
    }
  }

  async function doSave(kind: SaveKind): Promise<SaveOutcome> {
    const { userId } = get();
    if (!userId) return { kind: 'failed', serverText: '' };
    if (kind === 'toggle' && get().pendingTicks === null && !get().unsaved) return { kind: 'nothingToSave' };
    if (!get().report || get().report?.date !== get().day) await get().refresh();
    const { report, day, text, pendingTicks } = get();
    if (!report || !day) {
      dispatch({ type: 'saveFailed' });
      return { kind: 'failed', serverText: '' };
    }
    const body = {
      date: day,
      content: text,
      completedTasks: pendingTicks ?? report.completedTasks.filter(isTaskId),
      awayStudents: awayNamesOf(day) ?? report.awayStudents,
    };
    dispatch({ type: 'saveStarted' });
    try {
      const saved = await saveMyReport(body);
      showSavedReport(saved);
      if (get().userId === userId) dispatch({ type: 'saved', saved, sentTicks: body.completedTasks });
      return { kind: 'saved' };
    } catch (error) {
      dispatch({ type: 'saveFailed' });
      const outcome = refusal(error);
      // A closed day keeps its draft, read-only and copyable; a wrong day asks again.
      if (outcome.kind === 'locked' || outcome.kind === 'wrongDay') await get().refresh();
      if (outcome.kind === 'resetWindow') dispatch({ type: 'resetWindowRefused' });
      return outcome;
    }
  }

  return {
    ...EMPTY,
    draftFailed: false,

    start(userId) {
      if (get().userId !== userId) asked += 1;
      dispatch({ type: 'started', userId });
      return get().refresh();
    },

    async refresh() {
      const { userId } = get();
      if (!userId) return;
      const question = ++asked;
      const stillAsked = () => question === asked && get().userId === userId;
      dispatch({ type: 'loading' });
      try {
        const report = await fetchMyReport();
        if (!stillAsked()) return;
        if (!report) return dispatch({ type: 'notFound' });
        dispatch({ type: 'loaded', report, draft: readDraft(userId, report.date), otherDrafts: otherDayDrafts(userId, report.date) });
        const { lockedDrafts } = get();
        if (lockedDrafts.length > 0) void dropSavedLockedDrafts(userId, lockedDrafts);
      } catch {
        if (!stillAsked()) return;
        // The server cannot be asked: the day is guessed from this device's clock and its draft shown.
        const day = get().day ?? reportDay(new Date());
        dispatch({ type: 'unreachable', guessedDay: day, draft: readDraft(userId, day), otherDrafts: otherDayDrafts(userId, day) });
      }
    },

    setText(text) {
      dispatch({ type: 'typed', text });
    },

    save(kind = 'button') {
      const saved = saves.then(
        () => doSave(kind),
        () => doSave(kind),
      );
      saves = saved;
      return saved;
    },

    toggleTask(id) {
      const { report, pendingTicks } = get();
      if (!report) return Promise.resolve({ kind: 'failed', serverText: '' });
      const current = pendingTicks ?? report.completedTasks.filter(isTaskId);
      dispatch({ type: 'ticked', ticks: current.includes(id) ? current.filter((t) => t !== id) : [...current, id].sort() });
      return get().save('toggle');
    },

    async saveTypedOffline() {
      if (!get().userId || get().status === 'idle') return null;
      await get().refresh();
      const { unsaved, status, saving } = get();
      return unsaved && status === 'ready' && !saving ? get().save('button') : null;
    },

    receive(saved) {
      dispatch({ type: 'savedElsewhere', saved });
    },

    receiveDeleted(id) {
      dispatch({ type: 'deleted', id });
    },

    discardLockedDraft(date) {
      const { userId } = get();
      if (!userId) return;
      removeDraft(userId, date);
      dispatch({ type: 'lockedDraftGone', date });
    },

    reset() {
      asked += 1;
      dispatch({ type: 'reset' });
    },
  };
});

registerStore({
  refetchIfLoaded() {
    const { userId, status, refresh } = useMyReportStore.getState();
    if (userId && status !== 'idle') void refresh();
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
