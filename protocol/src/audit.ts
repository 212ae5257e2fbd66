import { z } from 'zod';
import { idSchema } from './common';

/** What the audit trail records (DECISIONS 'Accounts and sessions'), with how a person reads it. */
export const AUDIT_ACTIONS = {
  'user.approved': 'Godkjente bruker',
  'user.rejected': 'Avviste bruker',
  'user.deactivated': 'Deaktiverte bruker',
  'user.reactivated': 'Aktiverte bruker',
  'user.roleChanged': 'Endret rolle',
  'user.transferred': 'Flyttet bruker',
  'user.deleted': 'Slettet bruker',
  'user.identityLinked': 'Koblet til innlogging',
  'user.identityUnlinked': 'Fjernet kobling til innlogging',
  'user.signInRefused': 'Avviste innlogging',
  'user.resetLinkMade': 'Lagde lenke for nytt passord',
  'user.resetLinkMailed': 'Sendte lenke for nytt passord på e-post',
  'user.resetLinkUsed': 'Satte nytt passord med lenke',
  'user.passkeyAdded': 'La til passnøkkel',
  'user.passkeyRemoved': 'Fjernet passnøkkel',
  'user.totpEnabled': 'Slo på autentiseringsapp',
  'user.totpDisabled': 'Slo av autentiseringsapp',
  'user.recoveryCodeUsed': 'Brukte gjenopprettingskode',
  'user.reauthenticated': 'Bekreftet at det var dem',
  'user.factorsRemoved': 'Fjernet alle passnøkler og kodeappen',
  'user.sessionEnded': 'Avsluttet en innlogging',
  'settings.secondFactorChanged': 'Endret krav om to-trinns innlogging',
  'report.edited': 'Redigerte rapport',
  'report.deleted': 'Slettet rapport',
  'taskButton.renamed': 'Endret navn på tilsynsoppgave',
  'trip.removed': 'Fjernet reise',
  'school.deleted': 'Slettet skole',
  'school.retentionChanged': 'Endret lagringstid for sykdomsopplysninger',
  'sick.expired': 'Slettet sykelister etter lagringstiden',
  'student.exported': 'Lastet ned opplysninger om en elev',
  'student.erased': 'Slettet opplysninger om en elev',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const auditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

export const auditEntrySchema = z.object({
  id: idSchema,
  /** The school the change belongs to; null for a school's own deletion (the platform's record). */
  schoolId: idSchema.nullable(),
  at: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  action: auditActionSchema,
  targetName: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntriesSchema = z.array(auditEntrySchema);

export const AUDIT_PAGE_MAX = 500;
/** GET /api/admin/audit and /api/plattformadministrator/audit: newest first, a page at a time. */
export const auditQuerySchema = z.object({
  schoolId: idSchema.optional(),
  /** Entries strictly older than this instant (the last one of the previous page). */
  before: z.iso.datetime({ error: 'Ugyldig tidspunkt' }).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});
