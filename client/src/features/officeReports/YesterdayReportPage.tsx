import { ReportRounds } from '../taskButtons/ReportRounds';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { addDays, compareReportsByDay, formatLongDayNo, type Report } from '#protocol';
import { rangeScope, useYesterdayReportsStore } from './reportRangeStores';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { useReportDay } from '../../ui/useToday';
import { useTaskLabels } from '../taskButtons/useTaskLabels';
import '../../ui/reportView.css';
import './officeReports.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';
import { ReportEditedBy } from '../../ui/ReportEditedBy';
import { DayRollCalls } from '../rollCalls/DayRollCalls';

/** /admin/gaarsdagens-rapport: every report of the previous report day (DECISIONS), as a summary, live. */
export function YesterdayReportPage() {
  const day = addDays(useReportDay(), -1);
  return (
    <AdminScreen title="Gårsdagens rapport" subtitle={formatLongDayNo(day)} testId="yesterday-report-page">
      <SchoolScoped pickText="Velg en skole for å se rapportene.">
        {({ query, schoolId }) => <YesterdayReports scope={query} schoolId={schoolId} day={day} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function YesterdayReports({ scope, schoolId, day }: { scope: string; schoolId: string | null; day: string }) {
  const key = rangeScope(scope, day, day);
  const label = useTaskLabels(schoolId);
  const { loaded, failed, retry } = useLoaded(useYesterdayReportsStore, key);
  const byId = useYesterdayReportsStore((state) => state.byId);
  const reports = useMemo(() => Object.values(byId).sort(compareReportsByDay), [byId]);

  if (!loaded) {
    return <ListState loaded={loaded} failed={failed} loadingText="Laster rapporter..." onRetry={retry} />;
  }
  if (reports.length === 0) {
    return (
      <div className="empty" data-testid="no-yesterday-report">
        <p>
          <strong>Ingen rapport funnet</strong>
        </p>
        <p>Rapporter opprettes automatisk når tilsynsvakten fyller ut skjemaet for vakten.</p>
      </div>
    );
  }
  return (
    <div className="yesterday-report">
      <DayRollCalls day={day} school={scope} framed />
      {reports.map((report) => (
        <ReportSummary key={report.id} report={report} label={label} />
      ))}
    </div>
  );
}

function ReportSummary({ report, label }: { report: Report; label(id: string): string }) {
  const titleId = `yesterday-${report.id}`;
  return (
    <article className="card report-view" aria-labelledby={titleId} data-testid="yesterday-report">
      <header className="report-view-head">
        <h2 id={titleId} className="page-title">
          {report.authorName}
        </h2>
        <p className="muted">{formatLongDayNo(report.date)}</p>
        <ReportEditedBy report={report} />
      </header>
      {report.locked && <p className="notice notice-warning">Denne rapporten er låst for redigering</p>}
      <section className="report-section" aria-label="Utførte gjøremål">
        <h3 className="report-section-title">Utførte gjøremål</h3>
        <ReportRounds report={report} label={label} />
      </section>
      <section className="report-section" aria-label="Bortreist">
        <h3 className="report-section-title">Bortreist</h3>
        {report.awayStudents.length === 0 ? (
          <p className="muted">Ingen bortreist</p>
        ) : (
          <ul className="report-items">
            {report.awayStudents.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="report-section" aria-label="Rapport">
        <h3 className="report-section-title">Rapport</h3>
        {report.content.trim() ? <p className="report-content">{report.content}</p> : <p className="muted">Ingen innhold</p>}
      </section>
      <Link to={`/rapport/${encodeURIComponent(report.id)}`} className="back-link" data-testid="open-full-report">
        Se hele rapporten
      </Link>
    </article>
  );
}
