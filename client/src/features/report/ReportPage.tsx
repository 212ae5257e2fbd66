import { ReportRounds } from '../taskButtons/ReportRounds';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatLongDayNo, REPORT_TEXTS, type Report } from '#protocol';
import { serverMessage } from '../../api/http';
import { reportActions } from './reportsStore';
import { AppHeader } from '../../ui/AppHeader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toastStore';
import { SupervisorNav } from '../maintenance/SupervisorNav';
import { useSchoolScope } from '../schools/useSchoolScope';
import { ReportLoader } from './ReportLoader';
import { useReportLinks } from './reportLinks';
import { useTaskLabels } from '../taskButtons/useTaskLabels';
import { ReportVersions, useMayReadVersions } from './ReportVersions';
import { ReportEditedBy } from '../../ui/ReportEditedBy';
import { DayRollCalls } from '../rollCalls/DayRollCalls';
import '../../ui/reportView.css';
import './report.css';

/** /rapport/:id: one report, live; admins edit and delete it. */
export function ReportPage() {
  const { id = '' } = useParams();
  const links = useReportLinks();

  return (
    <div className="app-shell">
      <AppHeader
        title="Rapport"
        backTo={links.back}
        backLabel={links.backToYearly ? 'Tilbake til årsrapporten' : 'Tilbake til rapportene'}
      />
      <main className="page page-medium" data-testid="report-page">
        <ReportLoader id={id} back={links.back}>
          {(report) => <ReportView report={report} />}
        </ReportLoader>
      </main>
      <SupervisorNav />
    </div>
  );
}

function ReportView({ report }: { report: Report }) {
  const links = useReportLinks();
  const navigate = useNavigate();
  const { schoolId, query } = useSchoolScope();
  const label = useTaskLabels(schoolId);
  const [confirming, setConfirming] = useState(false);
  const mayReadVersions = useMayReadVersions(report);

  async function remove() {
    try {
      await reportActions.remove(report);
      toast({ title: 'Rapporten er slettet' });
      navigate(links.back);
    } catch (error) {
      toast({ title: serverMessage(error, 'Kunne ikke slette rapporten'), variant: 'destructive' });
    }
  }

  return (
    <article className="card report-view" data-testid="report-view">
      <header className="report-view-head">
        <h2 className="page-title" data-testid="report-author">
          {report.authorName}
        </h2>
        <p className="muted" data-testid="report-date">
          {formatLongDayNo(report.date)}
        </p>
        <ReportEditedBy report={report} />
      </header>
      {report.locked && (
        <p className="notice notice-warning" data-testid="report-locked">
          {REPORT_TEXTS.locked}
        </p>
      )}

      <section className="report-section" aria-labelledby="report-tasks">
        <h3 id="report-tasks" className="report-section-title">
          Utførte gjøremål
        </h3>
        <ReportRounds report={report} label={label} testId="report-tasks" />
      </section>

      <section className="report-section" aria-labelledby="report-away">
        <h3 id="report-away" className="report-section-title">
          Bortreist
        </h3>
        {report.awayStudents.length === 0 ? (
          <p className="muted">Ingen bortreist</p>
        ) : (
          <ul className="report-items" data-testid="report-away">
            {report.awayStudents.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </section>

      <DayRollCalls day={report.date} school={query ?? ''} />

      <section className="report-section" aria-labelledby="report-content">
        <h3 id="report-content" className="report-section-title">
          Rapport
        </h3>
        {report.content.trim() ? (
          <p className="report-content" data-testid="report-content">
            {report.content}
          </p>
        ) : (
          <p className="muted" data-testid="report-content">
            Ingen innhold
          </p>
        )}
      </section>

      {mayReadVersions && <ReportVersions report={report} />}

      {links.mayChange && (
        <div className="report-view-actions">
          <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)} data-testid="delete-report">
            Slett rapport
          </button>
          <Link to={links.edit(report.id)} className="button" data-testid="edit-report">
            Rediger rapport
          </Link>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Er du sikker?"
        description={`Rapporten fra ${report.authorName} for ${formatLongDayNo(report.date)} slettes. Dette kan ikke angres.`}
        confirmLabel="Slett rapport"
        onConfirm={remove}
      />
    </article>
  );
}
