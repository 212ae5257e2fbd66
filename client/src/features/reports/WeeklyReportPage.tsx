import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { addDays, compareDays, formatDayNo, type Report, compareNorwegian } from '../../../../protocol/src';
import { rangeScope, useWeekReportsStore } from '../../stores/reportRangeStores';
import { AppHeader } from '../../ui/AppHeader';
import { AdminSchoolPicker } from '../admin/AdminSchoolPicker';
import { useSchoolScope } from '../schools/useSchoolScope';
import { useToday } from '../supervisor/useToday';
import { ExportButtons } from './ExportButtons';
import { ReportRangeList } from './ReportRangeList';
import './reports.css';

const WEEK_DAYS = 7;
const newestFirst = (a: Report, b: Report) => compareDays(b.date, a.date) || compareNorwegian(a.authorName, b.authorName);

/** /admin/ukesrapport: the last seven days (today in Oslo back six), live. */
export function WeeklyReportPage() {
  const { picksSchool, query } = useSchoolScope();
  const today = useToday();
  const from = addDays(today, -(WEEK_DAYS - 1));
  return (
    <div className="app-shell">
      <AppHeader title="Ukesrapport" subtitle={`${formatDayNo(from)} – ${formatDayNo(today)}`} backTo="/admin/meny" backLabel="Tilbake til Admin Meny" />
      <main className="page page-medium" data-testid="weekly-report-page">
        {picksSchool && <AdminSchoolPicker />}
        {query === null ? (
          <p className="empty">Velg en skole for å se rapportene.</p>
        ) : (
          <WeekList scope={query} from={from} to={today} />
        )}
      </main>
    </div>
  );
}

function WeekList({ scope, from, to }: { scope: string; from: string; to: string }) {
  const key = rangeScope(scope, from, to);
  const byId = useWeekReportsStore((state) => state.byId);
  const loaded = useWeekReportsStore((state) => state.loaded && state.scope === key);
  const failed = useWeekReportsStore((state) => state.status === 'error');
  useEffect(() => {
    void useWeekReportsStore.getState().ensure(key);
  }, [key]);
  const reports = useMemo(() => Object.values(byId).sort(newestFirst), [byId]);

  return (
    <>
      <div className="report-toolbar">
        <ExportButtons from={from} to={to} schoolId={scope || null} />
        <Link to="/admin/gaarsdagens-rapport" className="back-link">
          Gårsdagens rapport
        </Link>
      </div>
      <ReportRangeList
        reports={reports}
        loaded={loaded}
        failed={failed}
        onRetry={() => void useWeekReportsStore.getState().reload()}
        emptyText="Ingen rapporter funnet for denne uken"
        detail={(id) => `/rapport/${encodeURIComponent(id)}`}
        edit={(id) => `/rapport/${encodeURIComponent(id)}/rediger`}
      />
    </>
  );
}
