import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatLongDayNo, REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS, type Report } from '#protocol';
import { serverMessage } from '../../api/http';
import { updateReport } from '../../api/reports';
import { useReportsStore } from '../../stores/reportsStore';
import { AppHeader } from '../../ui/AppHeader';
import { TextAreaField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
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
  const [content, setContent] = useState(report.content);
  const [saving, setSaving] = useState(false);
  // Someone else saved a new text while this one was open: saving would replace it.
  const changedMeanwhile = report.updatedAt !== opened.updatedAt && report.content !== opened.content;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      useReportsStore.getState().put(await updateReport(report, content));
      toast({ title: 'Rapporten er oppdatert' });
      navigate(links.detail(report.id));
    } catch (error) {
      toast({ title: serverMessage(error, 'Kunne ikke oppdatere rapporten'), variant: 'destructive' });
      setSaving(false);
    }
  }

  return (
    <form className="card report-view" onSubmit={save} data-testid="report-edit-form">
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
        value={content}
        maxLength={REPORT_CONTENT_MAX_LENGTH}
        onChange={(event) => setContent(event.target.value)}
        data-testid="report-edit-text"
      />
      <div className="report-view-actions">
        <Link to={links.detail(report.id)} className="button button-secondary" data-testid="cancel-edit">
          Avbryt
        </Link>
        <button type="submit" className="button" disabled={saving} data-testid="save-report-edit">
          Lagre endringer
        </button>
      </div>
    </form>
  );
}
