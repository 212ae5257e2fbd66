import type { AuditActor, AuditEntry, AuditKind } from '#protocol';
import { AUDIT_PAGE, fetchAudit, fetchAuditActors, type AuditFilter } from './auditApi';
import { createSnapshotStore } from '../../stores/snapshot';

/** The pages of the audit trail shown so far, newest first, and whether there are older ones. */
export type AuditLog = { entries: AuditEntry[]; more: boolean };

const logOf = (entries: AuditEntry[], page: AuditEntry[] | null): AuditLog => ({
  entries: [...entries, ...(page ?? [])],
  more: (page ?? []).length === AUDIT_PAGE,
});

/** The store's scope: the school query ('' for a member of the school) and the filter. */
export const auditScope = (school: string, filter: AuditFilter) => [school, filter.kind, filter.actorId].join('\n');

function parseScope(scope: string): { school: string | null; filter: AuditFilter } {
  const [school = '', kind = '', actorId = ''] = scope.split('\n');
  return { school: school || null, filter: { kind: kind as AuditKind | '', actorId } };
}

/** /admin/logg, by school and filter: its newest page to begin with. */
export const useAuditStore = createSnapshotStore<AuditLog>(
  async (scope) => {
    const { school, filter } = parseScope(scope);
    return logOf([], await fetchAudit(school, filter));
  },
  { keptLive: false },
);

/** The next older page, added below those shown. */
export async function loadOlderAudit(): Promise<void> {
  const { data, scope } = useAuditStore.getState();
  if (!data || scope === null) return;
  const { school, filter } = parseScope(scope);
  const page = await fetchAudit(school, filter, data.entries.at(-1));
  if (useAuditStore.getState().scope === scope) useAuditStore.getState().receive(logOf(data.entries, page));
}

/** The people of the school's trail, by the school query. */
export const useAuditActorsStore = createSnapshotStore<AuditActor[]>((scope) => fetchAuditActors(scope || null), { keptLive: false });
