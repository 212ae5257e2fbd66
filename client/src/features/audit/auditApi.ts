import { auditEntriesSchema, type AuditEntry } from '#protocol';
import { getData, withSchool } from '../../api/http';

export const AUDIT_PAGE = 50;

/** The school's audit trail, newest first; `before` the last entry of the page already shown. */
export function fetchAudit(schoolId: string | null, before?: string): Promise<AuditEntry[] | null> {
  const query = `/api/admin/audit?limit=${AUDIT_PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
  return getData(withSchool(query, schoolId), auditEntriesSchema);
}
