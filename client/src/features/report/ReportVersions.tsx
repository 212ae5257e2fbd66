import { useEffect, useState } from 'react';
import {
  formatTimestampNo,
  mayRole,
  POLICY,
  REPORT_VERSION_TEXTS,
  SUPERVISOR_ROLE,
  type Report,
  type ReportVersionSummary,
} from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { useSchoolScope } from '../schools/useSchoolScope';
import { fetchReportVersion, fetchReportVersions } from './reportVersionsApi';

export const VERSIONS_ANCHOR = 'tidligere-versjoner';

/** Who may read a report's earlier texts: its writer, and the school's administrators. */
export function useMayReadVersions(report: Report): boolean {
  const user = useCurrentUser();
  if (!mayRole(POLICY.reportVersions.see, user.role)) return false;
  return user.role !== SUPERVISOR_ROLE || user.id === report.authorUserId;
}

type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** One saved text, read when opened. */
function VersionEntry({ reportId, entry, current }: { reportId: string; entry: ReportVersionSummary; current: boolean }) {
  const { schoolId } = useSchoolScope();
  const [content, setContent] = useState<Load<string> | null>(null);
  async function open() {
    if (content?.state === 'ready' || content?.state === 'loading') return;
    setContent({ state: 'loading' });
    try {
      const read = await fetchReportVersion(reportId, entry.version, schoolId);
      setContent(read ? { state: 'ready', value: read.content } : { state: 'failed' });
    } catch {
      setContent({ state: 'failed' });
    }
  }
  return (
    <li>
      <details className="report-version" onToggle={(event) => event.currentTarget.open && void open()} data-testid="report-version">
        <summary>
          <span className="report-version-title">
            Versjon {entry.version}
            {current ? ' (gjeldende)' : ''}
          </span>{' '}
          <span className="muted">
            {formatTimestampNo(entry.savedAt)}, {entry.savedByName}, {entry.device}
          </span>
        </summary>
        {content?.state === 'loading' && <p className="muted">Laster...</p>}
        {content?.state === 'failed' && <p className="notice notice-error">Kunne ikke hente versjonen. Lukk og åpne den igjen.</p>}
        {content?.state === 'ready' && (
          <pre className="report-version-text" data-testid="report-version-text">
            {content.value || '(tom)'}
          </pre>
        )}
      </details>
    </li>
  );
}

/** 'Tidligere versjoner': every saved text of the report, who saved it, when and on which device. */
export function ReportVersions({ report }: { report: Report }) {
  const { schoolId } = useSchoolScope();
  const [list, setList] = useState<Load<ReportVersionSummary[]>>({ state: 'loading' });
  // Read again when the report is saved anew (the page is live).
  useEffect(() => {
    let current = true;
    fetchReportVersions(report.id, schoolId).then(
      (read) => current && setList(read ? { state: 'ready', value: read.versions } : { state: 'failed' }),
      () => current && setList({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [report.id, report.version, schoolId]);
  // Opened from a link to this section: shown once it is there.
  useEffect(() => {
    if (list.state === 'ready' && window.location.hash === `#${VERSIONS_ANCHOR}`)
      document.getElementById(VERSIONS_ANCHOR)?.scrollIntoView();
  }, [list.state]);

  return (
    <section className="report-section" aria-labelledby={VERSIONS_ANCHOR} data-testid="report-versions">
      <h3 id={VERSIONS_ANCHOR} className="report-section-title" tabIndex={-1}>
        {REPORT_VERSION_TEXTS.title}
      </h3>
      {list.state === 'loading' && <p className="muted">Laster versjoner...</p>}
      {list.state === 'failed' && <p className="notice notice-error">Kunne ikke hente tidligere versjoner.</p>}
      {list.state === 'ready' &&
        (list.value.length === 0 ? (
          <p className="muted">Ingen lagrede versjoner ennå.</p>
        ) : (
          <ol className="report-versions">
            {list.value.map((entry) => (
              <VersionEntry key={entry.version} reportId={report.id} entry={entry} current={entry.version === report.version} />
            ))}
          </ol>
        ))}
    </section>
  );
}
