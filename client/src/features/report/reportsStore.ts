import { useEffect } from 'react';
import { create } from 'zustand';
import { addDays, compareDays, reportDay, type Report } from '#protocol';
import { deleteReport, fetchRecentReports, fetchReport, updateReport, type RecentReport } from './reportsApi';
import { errorCode } from '../../api/http';
import { isNotOlder } from '../../stores/byId';
import { createCollectionStore } from '../../stores/collection';
import { registerStore } from '../../stores/registry';

const RECENT_DAYS = 7;

/** An entry of /rapporter; events carry updatedAt too, so an older event never wins. */
export type RecentEntry = RecentReport & { updatedAt?: string };

/** Whether a report's day is one of the last seven report days (the /rapporter window). */
export function isRecentDay(day: string, now = new Date()): boolean {
  const today = reportDay(now);
  return compareDays(day, addDays(today, -(RECENT_DAYS - 1))) >= 0 && compareDays(day, today) <= 0;
}

/** /rapporter: the school's reports of the last 7 days. Scope '' (own school) or the chosen school. */
export const useRecentReportsStore = createCollectionStore<RecentEntry>({
  fetch: (scope) => fetchRecentReports(scope || null),
  belongs: (entry) => isRecentDay(entry.date),
});

export function toRecentEntry(report: Report): RecentEntry {
  const { id, date, authorName, completedTasks, updatedAt } = report;
  return { id, date, authorName, completedTasks, updatedAt };
}

export type ReportEntry = { status: 'loading' } | { status: 'ready'; report: Report } | { status: 'missing' } | { status: 'error' };

interface ReportsState {
  byId: Readonly<Record<string, ReportEntry>>;
  /** Loads the report unless it is known or loading; `scope` is the school's ?schoolId= ('' for a member). */
  ensure(id: string, scope: string): Promise<void>;
  load(id: string, scope: string): Promise<void>;
  put(report: Report): void;
  /** Deleted (by an event or by me): the page shows 'Rapport ikke funnet'. */
  remove(id: string): void;
  /** After a reconnect: every report shown (or failed) is asked again, in the scope it was asked in. */
  refetchIfLoaded(): void;
  reset(): void;
}

/** Single reports (/rapport/:id and its edit page), by id, kept live by reports.saved/deleted. */
export const useReportsStore = create<ReportsState>()((set, get) => {
  // A reset (sign-out) makes the answers of loads already on their way moot.
  let generation = 0;
  /** The school scope each report was asked for in, to ask again after a reconnect. */
  const scopes = new Map<string, string>();

  return {
    byId: {},

    ensure(id, scope) {
      const entry = get().byId[id];
      if (entry && entry.status !== 'error' && scopes.get(id) === scope) return Promise.resolve();
      return get().load(id, scope);
    },

    async load(id, scope) {
      const started = generation;
      scopes.set(id, scope);
      if (get().byId[id]?.status !== 'ready') set((s) => ({ byId: { ...s.byId, [id]: { status: 'loading' } } }));
      let next: ReportEntry;
      try {
        const report = await fetchReport(id, scope || null);
        next = report ? { status: 'ready', report } : { status: 'error' };
      } catch (error) {
        // 404 for a report that does not exist, 400 for an id that cannot exist.
        const code = errorCode(error);
        next = code === 'notFound' || code === 'invalid' ? { status: 'missing' } : { status: 'error' };
      }
      if (started !== generation) return;
      const current = get().byId[id];
      // An event that arrived meanwhile is at least as new as this answer.
      if (next.status === 'ready' && current?.status === 'ready' && !isNotOlder(current.report, next.report)) return;
      if (next.status === 'error' && current?.status === 'ready') return;
      set((s) => ({ byId: { ...s.byId, [id]: next } }));
    },

    put(report) {
      const current = get().byId[report.id];
      if (current?.status === 'ready' && !isNotOlder(current.report, report)) return;
      // Only reports someone looks at are kept; others are fetched when opened.
      if (!current || current.status === 'missing') return;
      set((s) => ({ byId: { ...s.byId, [report.id]: { status: 'ready', report } } }));
    },

    remove(id) {
      if (!get().byId[id]) return;
      set((s) => ({ byId: { ...s.byId, [id]: { status: 'missing' } } }));
    },

    refetchIfLoaded() {
      const { byId, load } = get();
      for (const [id, entry] of Object.entries(byId))
        if (entry.status === 'ready' || entry.status === 'error') void load(id, scopes.get(id) ?? '');
    },

    reset() {
      generation += 1;
      scopes.clear();
      set({ byId: {} });
    },
  };
});

registerStore({
  refetchIfLoaded() {
    useReportsStore.getState().refetchIfLoaded();
  },
  reset() {
    useReportsStore.getState().reset();
  },
});

/**
 * The screen's way to one report (the store above is keyed by id, which useLoaded does not fit):
 * loads it for the school scope and returns the live entry; `retry` asks again after a failure.
 */
export function useReport(id: string, scope: string): { entry: ReportEntry | undefined; retry(): void } {
  useEffect(() => {
    void useReportsStore.getState().ensure(id, scope);
  }, [id, scope]);
  const entry = useReportsStore((state) => state.byId[id]);
  return { entry, retry: () => void useReportsStore.getState().load(id, scope) };
}

// The office's changes to a report: the server's answer goes into the stores at once; the event
// that follows carries the same (and reaches the office's range lists).
export const reportActions = {
  /** A correction written from `baseVersion` of the text; refused (editConflict) if another was saved since. */
  async update(report: Report, content: string, baseVersion: number): Promise<void> {
    useReportsStore.getState().put(await updateReport(report, content, baseVersion));
  },
  async remove(report: Report): Promise<void> {
    await deleteReport(report);
    useReportsStore.getState().remove(report.id);
    useRecentReportsStore.getState().remove(report.id);
  },
};
