import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  cleanMerge,
  formatLongDayNo,
  mergedText,
  mergeTexts,
  REPORT_CONTENT_MAX_LENGTH,
  REPORT_TEXTS,
  reportSchema,
  updateReportBodySchema,
  type Report,
  type UpdateReportBody,
} from '#protocol';
import { conflictCurrent, serverMessage } from '../../api/http';
import { ConflictChoice, type ConflictOption } from '../../ui/ConflictChoice';
import { reportActions } from './reportsStore';
import { AppHeader } from '../../ui/AppHeader';
import { TextAreaField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { ReportLoader } from './ReportLoader';
import { useReportLinks } from './reportLinks';
import '../../ui/reportView.css';
import './report.css';

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

/** The form's field; the version it was written from is the page's to keep. */
const editSchema = updateReportBodySchema.pick({ content: true });
type EditFields = Pick<UpdateReportBody, 'content'>;

function EditForm({ report }: { report: Report }) {
  const links = useReportLinks();
  const navigate = useNavigate();
  const [opened] = useState(report);
  // Saved while this was open: the next save is refused, and both texts are shown to choose from.
  const changedMeanwhile = report.version !== opened.version && report.content !== opened.content;
  const [conflict, setConflict] = useState<{ mine: string; current: Report } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (content: string, baseVersion: number) => {
    setBusy(true);
    try {
      await reportActions.update(report, content, baseVersion);
      toast({ title: 'Rapporten er oppdatert' });
      navigate(links.detail(report.id));
    } catch (error) {
      const current = conflictCurrent(error, reportSchema);
      // Lines only one side changed are taken without a question (issue 44); only lines both changed are asked about.
      const merged = current && current.version !== baseVersion ? cleanMerge(opened.content, content, current.content) : null;
      if (current && merged !== null) {
        await save(merged, current.version);
        return;
      }
      if (current) setConflict({ mine: content, current });
      else toast({ title: serverMessage(error, 'Kunne ikke oppdatere rapporten'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const form = useSchemaForm<keyof EditFields, EditFields>({
    schema: editSchema,
    initial: { content: report.content },
    onValid: ({ content }) => save(content, opened.version),
  });

  const choose = (choice: ConflictOption) => {
    if (!conflict) return;
    const { mine, current } = conflict;
    setConflict(null);
    if (choice === 'theirs') {
      toast({ title: 'Den lagrede teksten er beholdt' });
      navigate(links.detail(report.id));
      return;
    }
    // Both: the lines both kept once, the stretches both changed with the one saved first above this one's.
    void save(choice === 'mine' ? mine : mergedText(mergeTexts(opened.content, mine, current.content), 'both'), current.version);
  };

  return (
    <form className="card report-view" onSubmit={form.onSubmit} data-testid="report-edit-form">
      <header className="report-view-head">
        <h2 className="page-title">{report.authorName}</h2>
        <p className="muted">{formatLongDayNo(report.date)}</p>
      </header>
      {report.locked && <p className="notice notice-warning">{REPORT_TEXTS.locked} for tilsynsvakten, men du kan rette teksten.</p>}
      {changedMeanwhile && !conflict && (
        <p className="notice notice-warning" role="status">
          Rapporten er endret av en annen mens du redigerte. Lagrer du, får du se begge tekstene og velge.
        </p>
      )}
      {conflict && (
        <ConflictChoice
          title={REPORT_TEXTS.conflict}
          mine={conflict.mine}
          theirs={conflict.current.content}
          canKeepBoth
          busy={busy}
          onChoose={choose}
        />
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
        <button type="submit" className="button" disabled={form.busy || busy || !!conflict} data-testid="save-report-edit">
          Lagre endringer
        </button>
      </div>
    </form>
  );
}
