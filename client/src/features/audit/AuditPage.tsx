import { useCallback, useEffect, useState } from 'react';
import { AUDIT_ACTIONS, formatTimestampNo, type AuditEntry } from '#protocol';
import { AUDIT_PAGE, fetchAudit } from '../../api/audit';
import { ListState } from '../../ui/ListState';
import { AdminScreen } from '../admin/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

/** /admin/logg: who approved, changed, moved or deleted users, reports and trips, and when (read only). */
export function AuditPage() {
  return (
    <AdminScreen title="Endringslogg" testId="audit-page">
      <SchoolScoped pickText="Velg en skole for å se endringsloggen.">{({ query }) => <AuditList key={query} scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}

function AuditList({ scope }: { scope: string }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const show = useCallback((page: AuditEntry[] | null, older: boolean) => {
    setEntries((current) => (older ? [...current, ...(page ?? [])] : (page ?? [])));
    setMore((page ?? []).length === AUDIT_PAGE);
    setState('ready');
  }, []);

  useEffect(() => {
    let live = true;
    fetchAudit(scope || null).then(
      (page) => live && show(page, false),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [scope, attempt, show]);

  async function older() {
    setState('loading');
    try {
      show(await fetchAudit(scope || null, entries.at(-1)?.at), true);
    } catch {
      setState('error');
    }
  }

  const load = () => {
    setState('loading');
    setAttempt((n) => n + 1);
  };

  if (entries.length === 0 && state !== 'ready') {
    return <ListState loaded={false} failed={state === 'error'} loadingText="Laster endringsloggen..." onRetry={load} />;
  }
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
        <button type="button" className="button button-secondary" disabled={state === 'loading'} onClick={() => void older()}>
          {state === 'loading' ? 'Laster...' : 'Vis eldre'}
        </button>
      )}
    </>
  );
}
