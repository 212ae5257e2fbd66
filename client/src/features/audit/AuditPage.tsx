import { useState } from 'react';
import { AUDIT_ACTIONS, formatTimestampNo } from '#protocol';
import { loadOlderAudit, useAuditStore } from './auditStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

/** /admin/logg: who approved, changed, moved or deleted users, reports and trips, and when (read only). */
export function AuditPage() {
  return (
    <AdminScreen title="Endringslogg" testId="audit-page">
      <SchoolScoped pickText="Velg en skole for å se endringsloggen.">
        {({ query }) => <AuditList key={query} scope={query} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function AuditList({ scope }: { scope: string }) {
  const { loaded, failed, retry } = useLoaded(useAuditStore, scope);
  const log = useAuditStore((state) => (state.scope === scope ? state.data : null));
  const [loadingOlder, setLoadingOlder] = useState(false);

  async function older() {
    setLoadingOlder(true);
    // A failure leaves the button to try again.
    await loadOlderAudit().catch(() => undefined);
    setLoadingOlder(false);
  }

  if (!loaded || !log) return <ListState loaded={false} failed={failed} loadingText="Laster endringsloggen..." onRetry={retry} />;
  const { entries, more } = log;
  if (entries.length === 0) return <p className="empty">Ingen endringer registrert ennå</p>;
  return (
    <>
      <ul className="row-list" data-testid="audit-entries">
        {entries.map((entry) => (
          <li key={entry.id} className="row" data-testid="audit-entry">
            <div className="row-main">
              <span className="row-title">
                {AUDIT_ACTIONS[entry.action]}: {entry.targetName}
              </span>
              {entry.detail && <span className="row-meta">{entry.detail}</span>}
              <span className="row-meta">
                {entry.actorName} ({entry.actorRole}) · {formatTimestampNo(entry.at)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {more && (
        <button type="button" className="button button-secondary" disabled={loadingOlder} onClick={() => void older()}>
          {loadingOlder ? 'Laster...' : 'Vis eldre'}
        </button>
      )}
    </>
  );
}
