import { mergedText, mergeTexts, type MyReport, type Report, type TaskId } from '#protocol';
import type { LoadStatus } from '../../stores/collection';
import { pickContent } from './myReportSave';
import type { Draft } from './reportDrafts';
import type { ConflictOption } from '../../ui/ConflictChoice';
import type { DeviceCopy } from '../../stores/deviceCopies';

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
  /**
   * The version of the server's text that the editor's text was written from: the server's own
   * while nothing is unsaved; kept while typing, so a save over a newer text is refused (409).
   */
  baseVersion: number;
  /** The server's text at `baseVersion`: what a refused save is merged against, line by line (protocol/textMerge.ts). */
  baseText: string;
  /** A save refused because the text changed elsewhere: both texts, until the writer chooses. */
  conflict: Conflict | null;
  /** An administrator deleted the saved report while it was open: its text stays here, unsaved, and the card says so. */
  deletedElsewhere: boolean;
  /** Ticks shown while their save is on its way. */
  pendingTicks: TaskId[] | null;
  saving: boolean;
  /** Unsaved text of report days that are over: read-only, to be copied. */
  lockedDrafts: Draft[];
  /** When `report` was fetched, if it is this device's copy (the server could not be asked after a reload); null when it is the server's answer. */
  copiedAt: string | null;
  /** The text Tøm or 'Hent lagret versjon' set aside (with what it was written from), until the next keystroke: 'Angre' brings it back. */
  setAside: Pick<MyReportState, 'text' | 'baseVersion' | 'baseText'> | null;
  /** The saved text was replaced from another device or by an administrator while this one showed it: told until seen. */
  replacedElsewhere: { version: number; at: string } | null;
}

/** Both texts, and the one both were written from: only the lines both changed are a question (the rest is merged). */
export interface Conflict {
  base: string;
  mine: string;
  theirs: string;
  theirsVersion: number;
}

export type MyReportEvent =
  | { type: 'started'; userId: string }
  | { type: 'loading' }
  /** The server's answer, with this device's draft of its day and of other days. */
  | { type: 'loaded'; report: MyReport; draft: Draft | null; otherDrafts: Draft[] }
  | { type: 'notFound' }
  /** The server could not be asked: the day is this device's guess, with its draft and the device's copy of the report, if any. */
  | { type: 'unreachable'; guessedDay: string; draft: Draft | null; otherDrafts: Draft[]; copy?: DeviceCopy<MyReport> | null }
  | { type: 'typed'; text: string }
  /** Tøm: the box emptied, its text kept for 'Angre'. */
  | { type: 'cleared' }
  | { type: 'clearUndone' }
  /** 'Hent lagret versjon': the saved text back in the box. */
  | { type: 'savedTextRestored' }
  | { type: 'replacedSeen' }
  | { type: 'ticked'; ticks: TaskId[] }
  | { type: 'saveStarted' }
  | { type: 'saved'; saved: Report }
  /** A tick's answer: the report as the server has it, the tick merged in; `last` when no other tick is on its way. */
  | { type: 'ticksSaved'; saved: Report; last: boolean }
  | { type: 'tickFailed' }
  | { type: 'saveFailed' }
  /** The save was based on an older version: the report as it is now. */
  | { type: 'conflicted'; current: Report }
  | { type: 'resolved'; choice: ConflictOption }
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
  baseVersion: 0,
  baseText: '',
  conflict: null,
  deletedElsewhere: false,
  pendingTicks: null,
  saving: false,
  lockedDrafts: [],
  copiedAt: null,
  setAside: null,
  replacedElsewhere: null,
};

/** The text stays what was typed while it differs from the server's; otherwise it follows the server. */
function withServerText(state: MyReportState, report: MyReport, serverText: string): MyReportState {
  const text = state.unsaved ? state.text : serverText;
  const unsaved = text !== serverText;
  return {
    ...state,
    report,
    text,
    unsaved,
    baseVersion: unsaved ? state.baseVersion : report.version,
    baseText: unsaved ? state.baseText : serverText,
  };
}

/** A newer text saved elsewhere than the one this device showed or typed on, not this device's own save on its way. */
function replacedBy(state: MyReportState, saved: Report): MyReportState['replacedElsewhere'] {
  const { report } = state;
  if (!report || state.saving || saved.version <= report.version) return state.replacedElsewhere;
  if (saved.content === state.text || saved.content === report.content) return state.replacedElsewhere;
  return { version: saved.version, at: saved.updatedAt };
}

/** The server's copy of the report, unless this state already holds a newer one. */
function serverCopy(state: MyReportState, saved: Report): MyReportState {
  const { report } = state;
  if (!report || saved.authorUserId !== state.userId || saved.date !== state.day) return state;
  if (report.updatedAt && saved.updatedAt < report.updatedAt) return state;
  const replacedElsewhere = replacedBy(state, saved);
  return { ...withServerText(state, { ...report, ...pickContent(saved), id: saved.id }, saved.content), replacedElsewhere };
}

function loaded(state: MyReportState, event: Extract<MyReportEvent, { type: 'loaded' }>): MyReportState {
  const after = loadedReport(state, event);
  return { ...after, deletedElsewhere: state.deletedElsewhere && after.day === state.day && after.report?.id === null };
}

function loadedReport(
  state: MyReportState,
  { report: answer, draft, otherDrafts }: Extract<MyReportEvent, { type: 'loaded' }>,
): MyReportState {
  const sameDay = state.day === answer.date;
  // A save that finished while this was asked is newer than the answer.
  const newerLocal =
    sameDay && state.report?.updatedAt && answer.updatedAt && state.report.updatedAt > answer.updatedAt ? state.report : null;
  const report: MyReport = newerLocal ? { ...answer, ...pickContent(newerLocal) } : answer;
  const keepTyped = sameDay && state.unsaved;
  const text = keepTyped ? state.text : (draft?.content ?? report.content);
  const unsaved = text !== report.content;
  // A draft kept before versions were: written from the text the server has now, the best guess left.
  const draftBase = draft?.baseVersion ?? report.version;
  // A draft kept before base texts were: its base is known only when it is the server's text now; else
  // an empty base makes any difference a question rather than a guess.
  const draftBaseText = draft?.baseText ?? (draftBase === report.version ? report.content : '');
  return {
    ...state,
    day: answer.date,
    report,
    status: 'ready',
    text,
    unsaved,
    baseVersion: !unsaved ? report.version : keepTyped ? state.baseVersion : draftBase,
    baseText: !unsaved ? report.content : keepTyped ? state.baseText : draftBaseText,
    pendingTicks: sameDay ? state.pendingTicks : null,
    lockedDrafts: otherDrafts,
    copiedAt: null,
  };
}

/** Off line: the guessed day, its draft, and the report as this device last had it (only a copy of that very day). */
function unreachable(
  state: MyReportState,
  { guessedDay, draft, otherDrafts, copy }: Extract<MyReportEvent, { type: 'unreachable' }>,
): MyReportState {
  const day = state.day ?? guessedDay;
  if (!state.report && copy && copy.data.date === day) {
    const shown = loadedReport(state, { type: 'loaded', report: copy.data, draft, otherDrafts });
    return { ...shown, status: 'error', copiedAt: copy.fetchedAt };
  }
  const ownDraft = state.day ? null : draft;
  return {
    ...state,
    status: 'error',
    day,
    text: ownDraft ? ownDraft.content : state.text,
    unsaved: ownDraft ? true : state.unsaved,
    lockedDrafts: otherDrafts,
  };
}

/** The answer to this device's own save: what was typed since builds on the version just saved. */
function saved(state: MyReportState, { saved: answer }: Extract<MyReportEvent, { type: 'saved' }>): MyReportState {
  if (state.day !== answer.date || !state.report) return { ...state, saving: false };
  return {
    ...state,
    report: { ...state.report, ...pickContent(answer), id: answer.id },
    unsaved: state.text !== answer.content,
    baseVersion: answer.version,
    baseText: answer.content,
    saving: false,
    replacedElsewhere: null,
    // What was set aside is gone for good once saved over: merged back later it would read as the other side's text.
    setAside: null,
  };
}

function ticksSaved(state: MyReportState, answer: Report, last: boolean): MyReportState {
  // Ticks changed again while this one was on its way are still shown as asked until their answers are in.
  return { ...serverCopy(state, answer), pendingTicks: last ? null : state.pendingTicks };
}

/**
 * A save refused as written from an older version: merged with the text saved meanwhile, line by
 * line. Lines only one side changed need no question: the merged text is then unsaved on the
 * newer version (the store saves it). Only lines both changed are left for the writer to choose.
 */
function conflicted(state: MyReportState, current: Report): MyReportState {
  const report = state.report && state.day === current.date ? { ...state.report, ...pickContent(current), id: current.id } : state.report;
  const after = { ...state, report, saving: false };
  const merge = mergeTexts(state.baseText, state.text, current.content);
  if (merge.conflicts === 0) {
    const text = mergedText(merge);
    return { ...after, text, unsaved: text !== current.content, baseVersion: current.version, baseText: current.content };
  }
  return { ...after, conflict: { base: state.baseText, mine: state.text, theirs: current.content, theirsVersion: current.version } };
}

function resolved(state: MyReportState, choice: ConflictOption): MyReportState {
  const { conflict } = state;
  if (!conflict) return state;
  const text = mergedText(mergeTexts(conflict.base, conflict.mine, conflict.theirs), choice);
  const serverText = state.report?.content ?? conflict.theirs;
  return { ...state, conflict: null, text, unsaved: text !== serverText, baseVersion: conflict.theirsVersion, baseText: conflict.theirs };
}

const setAside = ({ text, baseVersion, baseText }: MyReportState): MyReportState['setAside'] => ({ text, baseVersion, baseText });

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
    case 'unreachable':
      return unreachable(state, event);
    case 'typed':
      if (!state.day) return state;
      return {
        ...state,
        text: event.text,
        unsaved: state.report ? event.text !== state.report.content : true,
        setAside: null,
      };
    case 'cleared':
      if (!state.day || !state.text) return state;
      return { ...next(state, { type: 'typed', text: '' }), setAside: setAside(state) };
    case 'clearUndone': {
      if (!state.setAside) return state;
      const { text, baseVersion, baseText } = state.setAside;
      return { ...next(state, { type: 'typed', text }), baseVersion, baseText };
    }
    case 'savedTextRestored': {
      const { report } = state;
      if (!report || state.conflict) return state;
      if (state.text === report.content) return state;
      return {
        ...state,
        text: report.content,
        unsaved: false,
        baseVersion: report.version,
        baseText: report.content,
        setAside: setAside(state),
      };
    }
    case 'replacedSeen':
      return { ...state, replacedElsewhere: null };
    case 'ticked':
      return { ...state, pendingTicks: event.ticks };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saved':
      return { ...saved(state, event), deletedElsewhere: false };
    case 'ticksSaved':
      return ticksSaved(state, event.saved, event.last);
    case 'tickFailed':
      return { ...state, pendingTicks: null };
    case 'saveFailed':
      return { ...state, saving: false };
    case 'conflicted':
      return conflicted(state, event.current);
    case 'resolved':
      return resolved(state, event.choice);
    case 'resetWindowRefused':
      return state.report ? { ...state, report: { ...state.report, resetWindow: true } } : state;
    case 'savedElsewhere':
      return serverCopy(state, event.saved);
    case 'deleted': {
      const { report } = state;
      if (!state.day || !report || report.id !== event.id) return state;
      const emptied: MyReport = {
        ...report,
        id: null,
        content: '',
        completedTasks: [],
        ticks: [],
        awayStudents: [],
        updatedAt: null,
        version: 0,
      };
      // Nothing on screen vanishes: the text stays, now unsaved, to be saved again or cleared.
      return {
        ...state,
        report: emptied,
        unsaved: state.text !== '',
        baseVersion: 0,
        baseText: '',
        pendingTicks: null,
        deletedElsewhere: true,
      };
    }
    case 'lockedDraftGone':
      return { ...state, lockedDrafts: state.lockedDrafts.filter((draft) => draft.date !== event.date) };
    case 'reset':
      return EMPTY;
  }
}
