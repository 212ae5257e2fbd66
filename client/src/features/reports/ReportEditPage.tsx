import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatLongDayNo, REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS, updateReportBodySchema, type Report, type UpdateReportBody } from '#protocol';
import { serverMessage } from '../../api/http';
import { reportActions } from './reportsStore';
import { AppHeader } from '../../ui/AppHeader';
import { TextAreaField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { ReportLoader } from './ReportLoader';
import { useReportLinks } from './reportLinks';
import './reports.css';

/** /rapport/:id/rediger (Admin, Plattformadministrator): corrects a report's text, locked or not. */
export function ReportEditPage() {
  const { id = '' } = useParams();
  const links = useReportLinks();

  return (
    <div className="app-shell">
      <AppHeader title="Rediger rapport" backTo={links.detail(id)} backLabel="Tilbake til rapporten" />
      <main className="page page-medium" data-testid="report-edit-page">
        <ReportLoader id={id} back={links.back}>
          {(report) => <EditForm key={report.id} report={report} />}
        </ReportLoader>
      </main>
    </div>
  );
}

function EditForm({ report }: { report: Report }) {
  const links = useReportLinks();
  const navigate = useNavigate();
  const [opened] = useState(report);
  // Someone else saved a new text while this one was open: saving would replace it.
  const changedMeanwhile = report.updatedAt !== opened.updatedAt && report.content !== opened.content;

  const form = useSchemaForm<keyof UpdateReportBody, UpdateReportBody>({
    schema: updateReportBodySchema,
    initial: { content: report.content },
    onValid: async ({ content }) => {
      try {
        await reportActions.update(report, content);
        toast({ title: 'Rapporten er oppdatert' });
        navigate(links.detail(report.id));
      } catch (error) {
        toast({ title: serverMessage(error, 'Kunne ikke oppdatere rapporten'), variant: 'destructive' });
      }
    },
  });

  return (
    <form className="card report-view" onSubmit={form.onSubmit} data-testid="report-edit-form">
      <header className="report-view-head">
        <h2 className="page-title">{report.authorName}</h2>
        <p className="muted">{formatLongDayNo(report.date)}</p>
      </header>
      {report.locked && <p className="notice notice-warning">{REPORT_TEXTS.locked} for tilsynsvakten, men du kan rette teksten.</p>}
      {changedMeanwhile && (
        <p className="notice notice-warning" role="status">
          Rapporten er endret av en annen mens du redigerte. Lagrer du, erstattes den nye teksten.
        </p>
      )}
      <TextAreaField
        label="Rapport"
        className="report-edit-text"
        rows={14}
        {...form.field('content')}
        maxLength={REPORT_CONTENT_MAX_LENGTH}
        data-testid="report-edit-text"
      />
      <div className="report-view-actions">
        <Link to={links.detail(report.id)} className="button button-secondary" data-testid="cancel-edit">
          Avbryt
        </Link>
        <button type="submit" className="button" disabled={form.busy} data-testid="save-report-edit">
          Lagre endringer
        </button>
      </div>
    </form>
  );
}
