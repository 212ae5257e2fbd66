import { formatTimestampNo, type Report } from '#protocol';

/**
 * 'Endret av Admin A 28. november 2026 kl. 10:15': a report whose text an Admin corrected says
 * so, so the Admin's sentence is not read as the supervisor's. Nothing for the author's own.
 */
export function ReportEditedBy({ report }: { report: Pick<Report, 'editedBy'> }) {
  if (!report.editedBy) return null;
  const { name, role, at } = report.editedBy;
  return (
    <p className="muted" data-testid="report-edited-by">
      Endret av {name} ({role}) {formatTimestampNo(at)}
    </p>
  );
}
