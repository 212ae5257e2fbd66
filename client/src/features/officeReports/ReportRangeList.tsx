import { Link } from 'react-router-dom';
import { formatDayNo, type Report } from '#protocol';
import { ListState } from '../../ui/ListState';

interface ReportRangeListProps {
  reports: readonly Report[];
  loaded: boolean;
  failed: boolean;
  onRetry(): void;
  emptyText: string;
  detail(id: string): string;
  edit(id: string): string;
}

/**
 * The first lines of a report's text, as written (its line breaks kept); the rest is behind 'Vis'.
 * The whole text is in the page, cut by CSS only, so a screen reader hears it all.
 */
function ReportPreview({ content }: { content: string }) {
  const text = content.trim();
  if (!text)
    return (
      <p className="report-preview muted" data-testid="report-preview">
        Ingen tekst
      </p>
    );
  return (
    <p className="report-preview" data-testid="report-preview">
      {text}
    </p>
  );
}

/** The office's list of reports: date, author, 'Låst', the first lines of the text, and links to read (first) and to edit. */
export function ReportRangeList({ reports, loaded, failed, onRetry, emptyText, detail, edit }: ReportRangeListProps) {
  if (!loaded) return <ListState loaded={loaded} failed={failed} loadingText="Laster rapporter..." onRetry={onRetry} />;
  if (reports.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    <ul className="row-list" data-testid="range-reports">
      {reports.map((report) => {
        const which = `${formatDayNo(report.date)}, ${report.authorName}`;
        return (
          <li key={report.id} className="row row-stack" data-testid="range-report">
            <div className="row-main">
              <span className="row-title">{formatDayNo(report.date)}</span>
              <span className="row-meta">{report.authorName}</span>
              {report.locked && (
                <span className="row-badges">
                  <span className="pill" data-testid="report-locked-badge">
                    Låst
                  </span>
                </span>
              )}
              <ReportPreview content={report.content} />
            </div>
            <div className="row-actions">
              <Link to={detail(report.id)} className="button button-small" data-testid="open-report">
                Vis<span className="visually-hidden"> rapporten {which}</span>
              </Link>
              <Link to={edit(report.id)} className="button button-secondary button-small" data-testid="edit-report-link">
                Rediger<span className="visually-hidden"> rapporten {which}</span>
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
