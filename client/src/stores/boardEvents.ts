import {
  compareDays,
  PLATFORM_ADMIN_ROLE,
  type Deleted,
  type Report,
  type SickList,
  type TasksConfig,
  type TaskRounds,
} from '../../../protocol/src';
import { useAuthStore } from './authStore';
import { scopeDay, scopeSchool, useSickStore, useTaskButtonsStore, useTaskRoundsStore } from './boardStores';
import { useMyReportStore } from './myReportStore';
import { rangeReportDeleted, rangeReportSaved } from './reportRangeStores';
import { toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

/**
 * Socket listeners of the board and the report pages. The Plattformadministrator hears every
 * school, and these payloads do not say which school they are about: for them the school on
 * screen is fetched again instead.
 */
const hearsEverySchool = () => useAuthStore.getState().user?.role === PLATFORM_ADMIN_ROLE;

export function reportSaved(report: Report): void {
  useReportsStore.getState().put(report);
  rangeReportSaved(report);
  useMyReportStore.getState().receive(report);
  const recent = useRecentReportsStore.getState();
  if (!hearsEverySchool()) recent.put(toRecentEntry(report));
  else if (recent.byId[report.id]) recent.put(toRecentEntry(report));
  else if (recent.loaded) void recent.reload();
}

export function reportDeleted({ id }: Deleted): void {
  useReportsStore.getState().remove(id);
  rangeReportDeleted(id);
  useRecentReportsStore.getState().remove(id);
  useMyReportStore.getState().receiveDeleted(id);
}

export function taskRoundsUpdated(rounds: TaskRounds): void {
  const store = useTaskRoundsStore.getState();
  if (hearsEverySchool()) {
    if (store.status !== 'idle') void store.reload();
    return;
  }
  // A late event of a report day that is over must not replace the new day's board.
  if (store.data && compareDays(rounds.date, store.data.date) < 0) return;
  store.receive(rounds);
}

export function taskButtonsUpdated({ buttons }: TasksConfig): void {
  const store = useTaskButtonsStore.getState();
  if (hearsEverySchool()) {
    if (store.loaded) void store.reload();
    return;
  }
  for (const button of buttons) store.put(button);
}

export function sickListUpdated({ schoolId, date, ...sick }: SickList): void {
  const store = useSickStore.getState();
  if (store.scope === null || scopeDay(store.scope) !== date) return;
  // The platform room hears every school: only the school on screen counts.
  if (hearsEverySchool() && scopeSchool(store.scope) !== schoolId) return;
  // A late event must not undo a newer list (a save's own answer may come first).
  if (store.data && sick.revision < store.data.revision) return;
  store.receive(sick);
}
