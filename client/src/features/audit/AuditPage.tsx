import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, auditKindSchema, formatTimestampNo } from '#protocol';
import { auditScope, loadOlderAudit, useAuditStore } from './auditStore';
import type { AuditFilter } from './auditApi';
import { AuditFilters } from './AuditFilters';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

/** The filter in the address (?type=sick&person=…), so a filtered trail can be reloaded and linked to. */
function useAuditFilter(): [AuditFilter, (filter: AuditFilter) => void] {
  const [params, setParams] = useSearchParams();
  const kind = auditKindSchema.safeParse(params.get('type'));
  const filter: AuditFilter = { kind: kind.success ? kind.data : '', actorId: params.get('person') ?? '' };
  function change(next: AuditFilter) {
    const updated = new URLSearchParams(params);
    for (const [key, value] of [
      ['type', next.kind],
      ['person', next.actorId],
    ] as const) {
      if (value) updated.set(key, value);
      else updated.delete(key);
    }
    setParams(updated, { replace: true });
  }
  return [filter, change];
}

/** /admin/logg: every change to the school's data, who made it and when (read only), by kind and person. */
export function AuditPage() {
  const [filter, setFilter] = useAuditFilter();
  return (
    <AdminScreen title="Endringslogg" testId="audit-page">
      <SchoolScoped pickText="Velg en skole for å se endringsloggen.">
        {({ query }) => (
          <>
            <AuditFilters scope={query} filter={filter} onChange={setFilter} />
            <AuditList
              key={auditScope(query, filter)}
              scope={auditScope(query, filter)}
              filtered={Boolean(filter.kind || filter.actorId)}
            />
          </>
        )}
      </SchoolScoped>
    </AdminScreen>
  );
}

function AuditList({ scope, filtered }: { scope: string; filtered: boolean }) {
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
  if (entries.length === 0) {
    return (
      <p className="empty" role="status">
        {filtered ? 'Ingen endringer med disse valgene' : 'Ingen endringer registrert ennå'}
      </p>
    );
  }
  return (
    <>
      <ul className="row-list" data-testid="audit-entries" aria-label="Endringer, nyeste først">
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
