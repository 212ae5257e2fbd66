import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { addDays, compareReportsNewestDayFirst, formatDayNo } from '#protocol';
import { rangeScope, useWeekReportsStore } from './reportRangeStores';
import { useLoaded } from '../../stores/useLoaded';
import { useToday } from '../../ui/useToday';
import { ExportButtons } from './ExportButtons';
import { ReportRangeList } from './ReportRangeList';
import './officeReports.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

const WEEK_DAYS = 7;

/** /admin/ukesrapport: the last seven days (today in Oslo back six), live. */
export function WeeklyReportPage() {
  const today = useToday();
  const from = addDays(today, -(WEEK_DAYS - 1));
  return (
    <AdminScreen title="Ukesrapport" subtitle={`${formatDayNo(from)} – ${formatDayNo(today)}`} testId="weekly-report-page">
      <SchoolScoped pickText="Velg en skole for å se rapportene.">
        {({ query }) => <WeekList scope={query} from={from} to={today} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function WeekList({ scope, from, to }: { scope: string; from: string; to: string }) {
  const key = rangeScope(scope, from, to);
  const { loaded, failed, retry } = useLoaded(useWeekReportsStore, key);
  const byId = useWeekReportsStore((state) => state.byId);
  const reports = useMemo(() => Object.values(byId).sort(compareReportsNewestDayFirst), [byId]);

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
        onRetry={retry}
        emptyText="Ingen rapporter funnet for denne uken"
        detail={(id) => `/rapport/${encodeURIComponent(id)}`}
        edit={(id) => `/rapport/${encodeURIComponent(id)}/rediger`}
      />
    </>
  );
}
