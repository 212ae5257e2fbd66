import { auditActorsSchema, auditEntriesSchema, type AuditActor, type AuditEntry, type AuditKind } from '#protocol';
import { getData, withSchool } from '../../api/http';

export const AUDIT_PAGE = 50;

/** What Endringslogg is narrowed to: one kind of change, one person; '' for all. */
export type AuditFilter = { kind: AuditKind | ''; actorId: string };

/** The school's audit trail, newest first, as filtered; `before` the last entry of the page already shown. */
export function fetchAudit(schoolId: string | null, filter: AuditFilter, before?: AuditEntry): Promise<AuditEntry[] | null> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE) });
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.actorId) params.set('actorId', filter.actorId);
  if (before) {
    params.set('before', before.at);
    params.set('beforeId', before.id);
  }
  return getData(withSchool(`/api/admin/audit?${params.toString()}`, schoolId), auditEntriesSchema);
}

/** Everyone who made a change in the school's trail, to filter by. */
export function fetchAuditActors(schoolId: string | null): Promise<AuditActor[] | null> {
  return getData(withSchool('/api/admin/audit/actors', schoolId), auditActorsSchema);
}
