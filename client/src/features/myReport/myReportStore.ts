import { useEffect } from 'react';
import { create } from 'zustand';
import { myReportSchema, reportDay, reportSchema, type MyReport, type Report, type TaskId } from '#protocol';
import { conflictCurrent, notReached } from '../../api/http';
import { enqueue, flushOutbox, mustWait, useOutbox } from '../../stores/outbox';
import { TICK_KIND, withWaitingTicks, type WaitingTick } from './waitingTicks';
import { TEXT_KIND, type WaitingText } from './waitingText';
import { registerStore } from '../../stores/registry';
import { keepCopy, readCopy, type KeptOnDevice } from '../../stores/deviceCopies';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { EMPTY, next, type MyReportEvent, type MyReportState } from './myReportMachine';
import type { ConflictOption } from '../../ui/ConflictChoice';
import { isTaskId, refusal, type SaveOutcome } from './myReportSave';
import { listDrafts, readDraft, removeDraft, writeDraft, type Draft } from './reportDrafts';
import { showSavedReport } from '../report/reportViews';
import { fetchMyReport, saveMyReport, tickMyTask } from './myReportApi';

/** The report as the server last gave it, for the board off line after a reload (stores/deviceCopies.ts); by its day. */
const REPORT_COPY: KeptOnDevice<MyReport> = { name: 'myReport', schema: myReportSchema };

/** What is under way, kept with the rest so that nothing of the store lives outside it; not shown. */
interface UnderWay {
  /** Raised by every new question (a start for another user, a refresh, a sign-out): an older answer is then moot. */
  question: number;
  /** The last write asked for: the next one starts once it has ended (one write at a time, in order). */
  lastWrite: Promise<unknown>;
  /** Ticks asked for and not yet answered: the shown ticks settle on the server's once the last is in. */
  ticksOnTheirWay: number;
}

interface MyReportStore extends MyReportState {
  /** The browser refused to keep the draft (storage full or disabled). */
  draftFailed: boolean;
  underWay: UnderWay;
  start(userId: string): Promise<void>;
  /** Asks the server which day is open and what it holds (boundaries, reconnects, wake-ups). */
  refresh(): Promise<void>;
  setText(text: string): void;
  /** Saves the text and ticks, one save at a time; says how it ended, for the screen to tell the user. */
  save(): Promise<SaveOutcome>;
  /** One more round of this task done now (a tap always adds one: rounds are done several times a night). */
  tickTask(id: TaskId): Promise<SaveOutcome>;
  /** Takes back my tick (a mistake), the one named. */
  undoTick(id: TaskId, tickId: string): Promise<SaveOutcome>;
  /** Ends a conflict with the writer's choice; a choice that keeps their text saves it. */
  resolveConflict(choice: ConflictOption): Promise<SaveOutcome>;
  /** The answer to a save sent from the outbox (made off line), of this text. */
  receiveOwnSave(saved: Report): void;
  /**
   * A save sent from the outbox was refused as based on an older version: merged with the newer
   * text; true when the merge needed no question (the draft then holds the merged text to send).
   */
  receiveConflict(current: Report): boolean;
  /** Tøm: empties the box (not the saved report); `undoClear` brings the text back. */
  clear(): void;
  undoClear(): void;
  /** 'Hent lagret versjon': the saved text back in the box, what was typed set aside. */
  restoreSaved(): void;
  /** The notice that the text was replaced elsewhere has been read. */
  dismissReplaced(): void;
  /** Back on line: asks the server again and saves what was typed meanwhile; null when there was nothing to save. */
  saveTypedOffline(): Promise<SaveOutcome | null>;
  /** reports.saved: my own report, saved from another tab or device. */
  receive(report: Report): void;
  /** reports.deleted: an admin deleted my report. */
  receiveDeleted(id: string): void;
  discardLockedDraft(date: string): void;
  reset(): void;
}

/**
 * The signed-in supervisor's own report (the rules in myReportMachine.ts). This store asks and
 * saves, and keeps every change of the text as a local draft until the server has exactly that text.
 */
export const useMyReportStore = create<MyReportStore>()((set, get) => {
  const underWay = (change: Partial<UnderWay>) => set({ underWay: { ...get().underWay, ...change } });
  /** A new question: the answers to older ones are moot from now on. */
  const ask = (): number => {
    const question = get().underWay.question + 1;
    underWay({ question });
    return question;
  };

  /** Applies what happened, and keeps the device's draft of the day in step with the text. */
  function dispatch(event: MyReportEvent): void {
    const before = get();
    const after = next(before, event);
    const { userId, day, text, unsaved, baseVersion, baseText } = after;
    const changed =
      event.type === 'loaded' ||
      day !== before.day ||
      text !== before.text ||
      unsaved !== before.unsaved ||
      baseVersion !== before.baseVersion ||
      baseText !== before.baseText;
    let { draftFailed } = before;
    if (userId && day && changed) {
      if (unsaved) draftFailed = !writeDraft(userId, day, text, baseVersion, baseText);
      else {
        removeDraft(userId, day);
        draftFailed = false;
      }
    }
    set({ ...after, draftFailed: event.type === 'reset' ? false : draftFailed });
    if (after.report && after.report !== before.report && after.copiedAt === null) keepCopy(REPORT_COPY, after.report.date, after.report);
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

  /** How many times a save merged with a newer text is sent again before the writer is asked instead. */
  const MERGED_RESENDS = 3;

  async function doSave(resends = 0): Promise<SaveOutcome> {
    const { userId } = get();
    if (!userId) return { kind: 'failed', serverText: '' };
    if (get().conflict) return { kind: 'conflict' };
    if (!get().report || get().report?.date !== get().day) await get().refresh();
    const { report, day, text, baseVersion } = get();
    if (!report || !day) {
      dispatch({ type: 'saveFailed' });
      return { kind: 'failed', serverText: '' };
    }
    // Behind what waits, or with no network: kept (the draft) and sent in its turn.
    if (mustWait()) return waitWithText(userId, day);
    dispatch({ type: 'saveStarted' });
    try {
      const saved = await saveMyReport({ date: day, content: text, baseVersion });
      showSavedReport(saved);
      if (get().userId === userId) dispatch({ type: 'saved', saved });
      return { kind: 'saved' };
    } catch (error) {
      const current = conflictCurrent(error, reportSchema);
      if (current && get().userId === userId) {
        showSavedReport(current);
        dispatch({ type: 'conflicted', current });
        if (get().conflict) return { kind: 'conflict' };
        // Merged without a question: the merged text is saved on the newer version.
        if (!get().unsaved) return { kind: 'merged' };
        const again = resends < MERGED_RESENDS ? await doSave(resends + 1) : { kind: 'conflict' as const };
        return again.kind === 'saved' ? { kind: 'merged' } : again;
      }
      dispatch({ type: 'saveFailed' });
      if (notReached(error)) return waitWithText(userId, day);
      return settleRefusal(refusal(error));
    }
  }

  function waitWithText(userId: string, day: string): SaveOutcome {
    const already = useOutbox.getState().entries.some((entry) => entry.kind === TEXT_KIND && (entry.payload as WaitingText).date === day);
    if (!already) enqueue<WaitingText>(TEXT_KIND, { userId, date: day });
    void flushOutbox();
    return { kind: 'waiting' };
  }

  /** A closed day keeps its draft, read-only and copyable; a wrong day asks again. */
  async function settleRefusal(outcome: SaveOutcome): Promise<SaveOutcome> {
    if (outcome.kind === 'locked' || outcome.kind === 'wrongDay') await get().refresh();
    if (outcome.kind === 'resetWindow') dispatch({ type: 'resetWindowRefused' });
    return outcome;
  }

  async function doTick(id: TaskId, done: boolean, tickId: string): Promise<SaveOutcome> {
    const { userId, day } = get();
    try {
      if (!userId || !day) {
        dispatch({ type: 'tickFailed' });
        return { kind: 'failed', serverText: '' };
      }
      const saved = await tickMyTask(id, { date: day, done, tickId });
      showSavedReport(saved);
      if (get().userId === userId) dispatch({ type: 'ticksSaved', saved, last: get().underWay.ticksOnTheirWay === 1 });
      return { kind: 'saved' };
    } catch (error) {
      dispatch({ type: 'tickFailed' });
      if (notReached(error)) {
        // Kept on the device and shown ticked; sent once the network is back, with the time it was done.
        enqueue<WaitingTick>(TICK_KIND, { date: day!, taskId: id, done, tickId });
        return { kind: 'waiting' };
      }
      return settleRefusal(refusal(error));
    } finally {
      underWay({ ticksOnTheirWay: get().underWay.ticksOnTheirWay - 1 });
    }
  }

  /** A tick or its taking back: shown at once, sent in its turn (or kept in the outbox when it must wait). */
  function writeTick(id: TaskId, done: boolean, tickId: string): Promise<SaveOutcome> {
    const { report, pendingTicks, day } = get();
    if (!report || !day) return Promise.resolve({ kind: 'failed', serverText: '' });
    if (mustWait()) {
      enqueue<WaitingTick>(TICK_KIND, { date: day, taskId: id, done, tickId });
      void flushOutbox();
      return Promise.resolve({ kind: 'waiting' });
    }
    const current = withWaitingTicks(pendingTicks ?? report.completedTasks.filter(isTaskId), useOutbox.getState().entries, day);
    // Taken back, the round stays mine while another of my ticks of it remains.
    const othersOfMine = report.ticks.filter((tick) => tick.taskId === id && tick.id !== tickId).length;
    const ticks = done ? [...new Set([...current, id])].sort() : othersOfMine > 0 ? current : current.filter((t) => t !== id);
    dispatch({ type: 'ticked', ticks });
    underWay({ ticksOnTheirWay: get().underWay.ticksOnTheirWay + 1 });
    return queued(() => doTick(id, done, tickId));
  }

  /** One write at a time, in the order they were asked for. */
  function queued(write: () => Promise<SaveOutcome>): Promise<SaveOutcome> {
    const done = get().underWay.lastWrite.then(write, write);
    underWay({ lastWrite: done });
    return done;
  }

  return {
    ...EMPTY,
    draftFailed: false,
    underWay: { question: 0, lastWrite: Promise.resolve(), ticksOnTheirWay: 0 },

    start(userId) {
      if (get().userId !== userId) ask();
      dispatch({ type: 'started', userId });
      return get().refresh();
    },

    async refresh() {
      const { userId } = get();
      if (!userId) return;
      const question = ask();
      const stillAsked = () => question === get().underWay.question && get().userId === userId;
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
        dispatch({
          type: 'unreachable',
          guessedDay: day,
          draft: readDraft(userId, day),
          otherDrafts: otherDayDrafts(userId, day),
          copy: readCopy(REPORT_COPY, day),
        });
      }
    },

    setText(text) {
      dispatch({ type: 'typed', text });
    },

    save() {
      return queued(() => doSave());
    },

    tickTask(id) {
      return writeTick(id, true, crypto.randomUUID());
    },

    undoTick(id, tickId) {
      return writeTick(id, false, tickId);
    },

    receiveOwnSave(saved) {
      if (get().day === saved.date) dispatch({ type: 'saved', saved });
    },

    receiveConflict(current) {
      if (get().day !== current.date) return false;
      dispatch({ type: 'conflicted', current });
      return !get().conflict;
    },

    clear() {
      dispatch({ type: 'cleared' });
    },

    undoClear() {
      dispatch({ type: 'clearUndone' });
    },

    restoreSaved() {
      dispatch({ type: 'savedTextRestored' });
    },

    dismissReplaced() {
      dispatch({ type: 'replacedSeen' });
    },

    resolveConflict(choice) {
      dispatch({ type: 'resolved', choice });
      return get().unsaved ? get().save() : Promise.resolve({ kind: 'nothingToSave' });
    },

    async saveTypedOffline() {
      if (!get().userId || get().status === 'idle') return null;
      await get().refresh();
      const { unsaved, status, saving } = get();
      return unsaved && status === 'ready' && !saving ? get().save() : null;
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
      ask();
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

/** My own report saved from another tab or device, or deleted by an admin (the lists of reports keep theirs: report/reportViews.ts). */
export const myReportEvents: EventHandlers<'reports.saved' | 'reports.deleted'> = {
  'reports.saved': (report) => useMyReportStore.getState().receive(report),
  'reports.deleted': ({ id }) => useMyReportStore.getState().receiveDeleted(id),
};
registerEventHandlers(myReportEvents);

/** The board of a supervisor says it needs their report (null: not a supervisor, nothing to load). */
export function useMyReport(userId: string | null): void {
  useEffect(() => {
    if (userId) void useMyReportStore.getState().start(userId);
  }, [userId]);
}
