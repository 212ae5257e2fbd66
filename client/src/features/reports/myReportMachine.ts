import type { MyReport, Report, TaskId } from '#protocol';
import type { LoadStatus } from '../../stores/collection';
import { pickContent, sameTicks } from './myReportSave';
import type { Draft } from './reportDrafts';

/**
 * The supervisor's own report of the open report day, as pure rules: what each thing that happens
 * (an answer, a keystroke, a save, an event) makes of the state. The store (myReportStore.ts) does
 * the asking, the saving and the keeping of drafts, and hands each outcome to `next`.
 */
export interface MyReportState {
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
  /** Ticks shown while their save is on its way. */
  pendingTicks: TaskId[] | null;
  saving: boolean;
  /** Unsaved text of report days that are over: read-only, to be copied. */
  lockedDrafts: Draft[];
}

export type MyReportEvent =
  | { type: 'started'; userId: string }
  | { type: 'loading' }
  /** The server's answer, with this device's draft of its day and of other days. */
  | { type: 'loaded'; report: MyReport; draft: Draft | null; otherDrafts: Draft[] }
  | { type: 'notFound' }
  /** The server could not be asked: the day is this device's guess, with its draft. */
  | { type: 'unreachable'; guessedDay: string; draft: Draft | null; otherDrafts: Draft[] }
  | { type: 'typed'; text: string }
  | { type: 'ticked'; ticks: TaskId[] }
  | { type: 'saveStarted' }
  | { type: 'saved'; saved: Report; sentTicks: readonly string[] }
  | { type: 'saveFailed' }
  | { type: 'resetWindowRefused' }
  /** reports.saved of my own report, from another tab or device. */
  | { type: 'savedElsewhere'; saved: Report }
  /** reports.deleted: an admin deleted my report. */
  | { type: 'deleted'; id: string }
  | { type: 'lockedDraftGone'; date: string }
  | { type: 'reset' };

export const EMPTY: MyReportState = {
  userId: null,
  day: null,
  report: null,
  status: 'idle',
  text: '',
  unsaved: false,
  pendingTicks: null,
  saving: false,
  lockedDrafts: [],
};

/** The text stays what was typed while it differs from the server's; otherwise it follows the server. */
function withServerText(state: MyReportState, report: MyReport, serverText: string): MyReportState {
  const text = state.unsaved ? state.text : serverText;
  return { ...state, report, text, unsaved: text !== serverText };
}

function loaded(state: MyReportState, { report: answer, draft, otherDrafts }: Extract<MyReportEvent, { type: 'loaded' }>): MyReportState {
  const sameDay = state.day === answer.date;
  // A save that finished while this was asked is newer than the answer.
  const newerLocal = sameDay && state.report?.updatedAt && answer.updatedAt && state.report.updatedAt > answer.updatedAt ? state.report : null;
  const report: MyReport = newerLocal ? { ...answer, ...pickContent(newerLocal) } : answer;
  const text = sameDay && state.unsaved ? state.text : (draft?.content ?? report.content);
  return {
    ...state,
    day: answer.date,
    report,
    status: 'ready',
    text,
    unsaved: text !== report.content,
    pendingTicks: sameDay ? state.pendingTicks : null,
    lockedDrafts: otherDrafts,
  };
}

function saved(state: MyReportState, { saved: answer, sentTicks }: Extract<MyReportEvent, { type: 'saved' }>): MyReportState {
  if (state.day !== answer.date || !state.report) return { ...state, saving: false };
  // Ticks changed again while this save was on its way are still to be sent.
  const pendingTicks = state.pendingTicks && !sameTicks(state.pendingTicks, sentTicks) ? state.pendingTicks : null;
  return {
    ...state,
    report: { ...state.report, ...pickContent(answer), id: answer.id },
    unsaved: state.text !== answer.content,
    pendingTicks,
    saving: false,
  };
}

export function next(state: MyReportState, event: MyReportEvent): MyReportState {
  switch (event.type) {
    case 'started':
      return state.userId === event.userId ? state : { ...EMPTY, userId: event.userId };
    case 'loading':
      return { ...state, status: 'loading' };
    case 'loaded':
      return loaded(state, event);
    case 'notFound':
      return { ...state, status: 'error' };
    case 'unreachable': {
      const day = state.day ?? event.guessedDay;
      const draft = state.day ? null : event.draft;
      return {
        ...state,
        status: 'error',
        day,
        text: draft ? draft.content : state.text,
        unsaved: draft ? true : state.unsaved,
        lockedDrafts: event.otherDrafts,
      };
    }
    case 'typed':
      if (!state.day) return state;
      return { ...state, text: event.text, unsaved: state.report ? event.text !== state.report.content : true };
    case 'ticked':
      return { ...state, pendingTicks: event.ticks };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saved':
      return saved(state, event);
    case 'saveFailed':
      return { ...state, saving: false, pendingTicks: null };
    case 'resetWindowRefused':
      return state.report ? { ...state, report: { ...state.report, resetWindow: true } } : state;
    case 'savedElsewhere': {
      const { report } = state;
      if (!report || event.saved.authorUserId !== state.userId || event.saved.date !== state.day) return state;
      if (report.updatedAt && event.saved.updatedAt < report.updatedAt) return state;
      return withServerText(state, { ...report, ...pickContent(event.saved), id: event.saved.id }, event.saved.content);
    }
    case 'deleted': {
      const { report } = state;
      if (!state.day || !report || report.id !== event.id) return state;
      const emptied: MyReport = { ...report, id: null, content: '', completedTasks: [], awayStudents: [], updatedAt: null };
      return { ...withServerText(state, emptied, ''), pendingTicks: null };
    }
    case 'lockedDraftGone':
      return { ...state, lockedDrafts: state.lockedDrafts.filter((draft) => draft.date !== event.date) };
    case 'reset':
      return EMPTY;
  }
}
