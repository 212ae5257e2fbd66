import { schoolInactiveText } from './texts';

/**
 * Why a signed-in screen stopped being what it was (issue 27): the server sends the reason with
 * `session.ended` before it closes the connections, the client adds the ones it sees itself. Each
 * is told in Norwegian. Every one signs out: a change of what the person may do (approval, a new
 * role or school, a second factor now required) ends the session, so the next sign-in asks for what
 * the new rights need and gets a new session id (issue 43).
 */
export const SESSION_END_REASONS = [
  'approved',
  'deactivated',
  'deleted',
  'rejected',
  'roleChanged',
  'transferred',
  'schoolInactive',
  'schoolDeleted',
  'passwordChanged',
  'passwordReset',
  'expired',
  'secondFactorRequired',
  /** The person's 2 minutes without activity ran out on the server's clock first (issue 44: the same notice as the client's own). */
  'idle',
] as const;
/** What the server says with `session.ended`. */
export type ServerSessionEndReason = (typeof SESSION_END_REASONS)[number];
/** With what the client sees itself. */
export type SessionEndReason = ServerSessionEndReason | 'signedOutElsewhere';

export const SESSION_END_TEXTS: Record<SessionEndReason, string> = {
  approved: 'Kontoen din er godkjent. Logg inn på nytt for å komme i gang.',
  deactivated: 'Kontoen din er deaktivert. Kontakt administratoren.',
  deleted: 'Kontoen din er slettet av en administrator.',
  rejected: 'Registreringen din ble avvist av administratoren.',
  roleChanged: 'Rollen din er endret. Logg inn på nytt.',
  transferred: 'Du er flyttet til en annen skole. Logg inn på nytt.',
  schoolInactive: 'Skolen din er deaktivert. Kontakt administratoren.',
  schoolDeleted: 'Skolen din er slettet.',
  passwordChanged: 'Passordet ble endret på en annen enhet. Logg inn med det nye passordet.',
  passwordReset: 'Passordet ble endret med en lenke for nytt passord. Logg inn med det nye passordet.',
  expired: 'Økten din er utløpt. Logg inn på nytt.',
  secondFactorRequired: 'Det kreves nå to-trinns innlogging for kontoen din. Logg inn på nytt med passnøkkel eller engangskode.',
  idle: 'Du ble logget ut etter 2 minutter uten aktivitet.',
  signedOutElsewhere: 'Du er ikke lenger logget inn. Logg inn på nytt.',
};

/** What the sign-in page says after the session ended, for the person it ended for (issue 45: the school's Admin). */
export function sessionEndText(reason: SessionEndReason, role: string | null | undefined): string {
  return reason === 'schoolInactive' ? schoolInactiveText(role) : SESSION_END_TEXTS[reason];
}
