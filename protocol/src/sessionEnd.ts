/**
 * Why a signed-in screen stopped being what it was (issue 27): the server sends the reason with
 * `session.ended` before it closes the connections, the client adds the ones it sees itself. Each
 * is told in Norwegian; the ones marked `reloads` keep the person signed in and reload the screen.
 */
export const SESSION_END_REASONS = [
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
] as const;
/** What the server says with `session.ended`. */
export type ServerSessionEndReason = (typeof SESSION_END_REASONS)[number];
/** With what the client sees itself. */
export type SessionEndReason = ServerSessionEndReason | 'idle' | 'signedOutElsewhere';

export const SESSION_END_TEXTS: Record<SessionEndReason, string> = {
  deactivated: 'Kontoen din er deaktivert. Kontakt administratoren.',
  deleted: 'Kontoen din er slettet av en administrator.',
  rejected: 'Registreringen din ble avvist av administratoren.',
  roleChanged: 'Rollen din er endret. Siden er lastet på nytt.',
  transferred: 'Du er flyttet til en annen skole. Siden er lastet på nytt.',
  schoolInactive: 'Skolen din er deaktivert. Kontakt administratoren.',
  schoolDeleted: 'Skolen din er slettet.',
  passwordChanged: 'Passordet ble endret på en annen enhet. Logg inn med det nye passordet.',
  passwordReset: 'Passordet ble endret med en lenke for nytt passord. Logg inn med det nye passordet.',
  expired: 'Økten din er utløpt. Logg inn på nytt.',
  idle: 'Du ble logget ut etter 2 minutter uten aktivitet.',
  signedOutElsewhere: 'Du er ikke lenger logget inn. Logg inn på nytt.',
};

/** Reasons that keep the person signed in: the screen reloads everything it shows. */
export const RELOADING_REASONS: readonly SessionEndReason[] = ['roleChanged', 'transferred'];
