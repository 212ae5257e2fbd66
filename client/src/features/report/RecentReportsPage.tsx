import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { compareDays, countNoun, formatDayNo, SCHOOL_ADMIN_ROLES, compareNorwegian } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { useRecentReportsStore, type RecentEntry } from './reportsStore';
import { useLoaded } from '../../stores/useLoaded';
import { AppHeader } from '../../ui/AppHeader';
import { ChevronIcon } from '../../ui/icons';
import { ListState } from '../../ui/ListState';
import { SupervisorNav } from '../maintenance/SupervisorNav';
import './report.css';
import { SchoolScoped } from '../schools/SchoolScoped';

const newestFirst = (a: RecentEntry, b: RecentEntry) =>
  compareDays(b.date, a.date) || (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '') || compareNorwegian(a.authorName, b.authorName);

/** /rapporter: the school's reports of the last 7 days, for every approved role. */
export function RecentReportsPage() {
  const user = useCurrentUser();
  const isAdmin = SCHOOL_ADMIN_ROLES.includes(user.role);
  return (
    <div className="app-shell">
      <AppHeader title="Rapporter (7 dager)" backTo={isAdmin ? '/admin' : undefined} backLabel="Tilbake til Admin Meny" />
      <main className="page page-medium" data-testid="recent-reports-page">
        <SchoolScoped pickText="Velg en skole for å se rapportene.">{({ query }) => <RecentList scope={query} />}</SchoolScoped>
      </main>
      <SupervisorNav />
    </div>
  );
}

function RecentList({ scope }: { scope: string }) {
  const { loaded, failed, retry } = useLoaded(useRecentReportsStore, scope);
  const byId = useRecentReportsStore((state) => state.byId);
  const reports = useMemo(() => Object.values(byId).sort(newestFirst), [byId]);

  if (!loaded) {
    return <ListState loaded={loaded} failed={failed} loadingText="Laster rapporter..." onRetry={retry} />;
  }
  if (reports.length === 0) return <p className="empty">Ingen rapporter funnet</p>;
  return (
    <ul className="row-list" data-testid="recent-reports">
      {reports.map((report) => (
        <li key={report.id}>
          <Link to={`/rapport/${report.id}`} className="row report-row" data-testid="recent-report">
            <span className="row-main">
              <span className="row-title">{formatDayNo(report.date)}</span>
              <span className="row-meta">{report.authorName}</span>
              {report.completedTasks.length > 0 && (
                <span className="row-meta" data-testid="completed-count">
                  {countNoun(report.completedTasks.length, 'oppgave fullført', 'oppgaver fullført')}
                </span>
              )}
            </span>
            <ChevronIcon />
          </Link>
        </li>
      ))}
    </ul>
  );
}
