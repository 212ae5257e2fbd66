import {
  compareDays,
  PLATFORM_ADMIN_ROLE,
  type Deleted,
  type Report,
  type SickList,
  type TasksConfig,
  type TaskRounds,
} from '#protocol';
import type { EventHandlers } from '../realtime/eventHandlers';
import { useAuthStore } from './authStore';
import { scopeDay, scopeSchool, useSickStore, useTaskButtonsStore, useTaskRoundsStore } from './boardStores';
import { useMyReportStore } from './myReportStore';
import { rangeReportDeleted, rangeReportSaved } from './reportRangeStores';
import { toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

/**
 * Socket listeners of the board and the report pages. A member hears only their own school; the
 * Plattformadministrator hears every school, so for them an event counts only when it is about
 * the school on screen (every payload names its school).
 */
const hearsEverySchool = () => useAuthStore.getState().user?.role === PLATFORM_ADMIN_ROLE;

/** Whether an event about `schoolId` is for a store scoped to `scope` ('' for a member's own school). */
const aboutSchoolOnScreen = (schoolId: string, scope: string | null) => !hearsEverySchool() || scope === schoolId;

export function reportSaved(report: Report): void {
  useReportsStore.getState().put(report);
  rangeReportSaved(report);
  useMyReportStore.getState().receive(report);
  const recent = useRecentReportsStore.getState();
  if (aboutSchoolOnScreen(report.schoolId, recent.scope)) recent.put(toRecentEntry(report));
}

export function reportDeleted({ id }: Deleted): void {
  useReportsStore.getState().remove(id);
  rangeReportDeleted(id);
  useRecentReportsStore.getState().remove(id);
  useMyReportStore.getState().receiveDeleted(id);
}

export function taskRoundsUpdated(rounds: TaskRounds): void {
  const store = useTaskRoundsStore.getState();
  if (!aboutSchoolOnScreen(rounds.schoolId, store.scope)) return;
  // A late event of a report day that is over must not replace the new day's board.
  if (store.data && compareDays(rounds.date, store.data.date) < 0) return;
  store.receive(rounds);
}

export function taskButtonsUpdated({ schoolId, buttons }: TasksConfig): void {
  const store = useTaskButtonsStore.getState();
  if (store.scope !== schoolId) return;
  for (const button of buttons) store.put(button);
}

export function sickListUpdated({ schoolId, date, ...sick }: SickList): void {
  const store = useSickStore.getState();
  if (store.scope === null || scopeDay(store.scope) !== date) return;
  if (!aboutSchoolOnScreen(schoolId, scopeSchool(store.scope))) return;
  // A late event must not undo a newer list (a save's own answer may come first).
  if (store.data && sick.revision < store.data.revision) return;
  store.receive(sick);
}

export const boardEvents: EventHandlers<'reports.saved' | 'reports.deleted' | 'taskRounds.updated' | 'taskButtons.updated' | 'sickLists.updated'> = {
  'reports.saved': reportSaved,
  'reports.deleted': reportDeleted,
  'taskRounds.updated': taskRoundsUpdated,
  'taskButtons.updated': taskButtonsUpdated,
  'sickLists.updated': sickListUpdated,
};
