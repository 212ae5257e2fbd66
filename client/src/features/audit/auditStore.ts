import type { AuditEntry } from '#protocol';
import { AUDIT_PAGE, fetchAudit } from './auditApi';
import { createSnapshotStore } from '../../stores/snapshot';

/** The pages of the audit trail shown so far, newest first, and whether there are older ones. */
export type AuditLog = { entries: AuditEntry[]; more: boolean };

const logOf = (entries: AuditEntry[], page: AuditEntry[] | null): AuditLog => ({
  entries: [...entries, ...(page ?? [])],
  more: (page ?? []).length === AUDIT_PAGE,
});

/** /admin/logg, by the school query ('' for a member of the school): its newest page to begin with. */
export const useAuditStore = createSnapshotStore<AuditLog>(async (scope) => logOf([], await fetchAudit(scope || null)), {
  keptLive: false,
});

/** The next older page, added below those shown. */
export async function loadOlderAudit(): Promise<void> {
  const { data, scope } = useAuditStore.getState();
  if (!data || scope === null) return;
  const page = await fetchAudit(scope || null, data.entries.at(-1)?.at);
  if (useAuditStore.getState().scope === scope) useAuditStore.getState().receive(logOf(data.entries, page));
}
