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
  'user.factorsRemoved': 'Fjernet alle passnøkler og autentiseringsappen',
  'user.sessionEnded': 'Avsluttet en innlogging',
  'user.deviceTrusted': 'Lot en enhet hoppe over engangskoden',
  'user.deviceTrustRemoved': 'Fjernet en husket enhet',
  'settings.secondFactorChanged': 'Endret krav om to-trinns innlogging',
  'report.edited': 'Redigerte rapport',
  'report.deleted': 'Slettet rapport',
  'taskButton.renamed': 'Endret navn på gjøremål',
  'trip.removed': 'Fjernet reise',
  'school.deleted': 'Slettet skole',
  'school.retentionChanged': 'Endret lagringstid for sykdomsopplysninger',
  'sick.expired': 'Slettet sykelister etter lagringstiden',
  'student.exported': 'Lastet ned opplysninger om en elev',
  'student.erased': 'Slettet opplysninger om en elev',
  'class.created': 'Opprettet klasse',
  'class.renamed': 'Endret navn på klasse',
  'class.deleted': 'Slettet klasse',
  'trip.studentAdded': 'La til elev på reise',
  'trip.studentRemoved': 'Tok elev av reise',
  'trip.classAdded': 'La til klasse på reise',
  'trip.classRemoved': 'Tok klasse av reise',
  'trip.changed': 'Endret reise',
  'sick.added': 'La til elev på sykelisten',
  'sick.removed': 'Tok elev av sykelisten',
  'sick.commentChanged': 'Endret kommentaren på sykelisten',
  'register.added': 'La til elev i elevregisteret',
  'register.changed': 'Endret elev i elevregisteret',
  'register.left': 'Registrerte at eleven har sluttet',
  'register.returned': 'Tok eleven tilbake i elevregisteret',
  'register.imported': 'Importerte elevregisteret fra fil',
  'register.expired': 'Slettet elever som sluttet, etter lagringstiden',
  'register.linked': 'Koblet eldre oppføringer til elevregisteret',
  'rollCall.finished': 'Avsluttet en opptelling',
  'rollCall.expired': 'Slettet opptellinger etter lagringstiden',
  'evacuation.started': 'Startet evakuering',
  'evacuation.ended': 'Avsluttet evakuering',
  'evacuation.drillEnded': 'Avsluttet en evakueringsøvelse',
  'evacuation.expired': 'Slettet evakueringslister etter lagringstiden',
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

/**
 * The kinds of change Endringslogg filters by, each the actions whose name starts with its
 * prefix(es) ('trip.' for trips). Every action belongs to exactly one (audit.test.ts).
 */
export const AUDIT_KINDS = {
  users: { label: 'Brukere og innlogging', prefixes: ['user.'] },
  reports: { label: 'Rapporter', prefixes: ['report.'] },
  taskButtons: { label: 'Gjøremål', prefixes: ['taskButton.'] },
  classes: { label: 'Klasser', prefixes: ['class.'] },
  trips: { label: 'Reiser', prefixes: ['trip.'] },
  sick: { label: 'Sykelister', prefixes: ['sick.'] },
  students: { label: 'Elevopplysninger', prefixes: ['student.'] },
  register: { label: 'Elevregisteret', prefixes: ['register.'] },
  rollCalls: { label: 'Opptellinger', prefixes: ['rollCall.'] },
  evacuations: { label: 'Evakuering', prefixes: ['evacuation.'] },
  school: { label: 'Skolen og innstillinger', prefixes: ['school.', 'settings.'] },
} as const satisfies Record<string, { label: string; prefixes: readonly string[] }>;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const auditKindSchema = z.enum(Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]], {
  error: `Ukjent type endring (gyldige er ${Object.keys(AUDIT_KINDS).join(', ')})`,
});

/** The actions of one kind. */
export function auditActionsOf(kind: AuditKind): AuditAction[] {
  const prefixes: readonly string[] = AUDIT_KINDS[kind].prefixes;
  return (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((action) => prefixes.some((prefix) => action.startsWith(prefix)));
}

/** GET /api/admin/audit/actors: everyone who has made a change in the school's trail, to filter by. */
export const auditActorSchema = z.object({ id: idSchema, name: z.string(), role: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;
export const auditActorsSchema = z.array(auditActorSchema);
export const auditActorsQuerySchema = z.object({ schoolId: idSchema.optional() });

export const AUDIT_PAGE_MAX = 500;
/** GET /api/admin/audit and /api/plattformadministrator/audit: newest first, a page at a time. */
export const auditQuerySchema = z.object({
  schoolId: idSchema.optional(),
  /** Entries strictly older than this instant (the last one of the previous page). */
  before: z.iso.datetime({ error: 'Ugyldig tidspunkt' }).optional(),
  /**
   * With `before`, that entry's id: the next page then also holds the entries of that same instant
   * written before it (one change may write several entries at once).
   */
  beforeId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
  /** Only this kind of change. */
  kind: auditKindSchema.optional(),
  /** Only the changes this person made (their id, as in GET /api/admin/audit/actors). */
  actorId: idSchema.optional(),
});
