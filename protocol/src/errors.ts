import { z } from 'zod';
import { SESSION_END_REASONS } from './sessionEnd';

/**
 * What went wrong, for the client to decide on: every error the server sends carries one of these
 * beside its Norwegian message. The message is for people and may be reworded; the code is not.
 */
export const ERROR_CODES = [
  // By status, when nothing more particular applies.
  'invalid',
  'notSignedIn',
  'forbidden',
  'notFound',
  'conflict',
  'tooManyAttempts',
  'bodyTooLarge',
  'databaseAway',
  'serverError',
  // Signing in and the account.
  'invalidCredentials',
  'accountPending',
  'accountDeactivated',
  'schoolInactive',
  'wrongCurrentPassword',
  /** A passkey's challenge expired or was used, or its answer did not verify (issue 33). */
  'passkeyFailed',
  /** The password was right; a code from the authenticator app is needed before a session is made. */
  'secondFactorRequired',
  /** The session ended after 2 minutes without activity (issue 44: the sign-in page says so, however the screen was opened). */
  'signedOutIdle',
  /** The server ended the session (a school switched off, the account changed …) while this device was away; `reason` says why. */
  'sessionEnded',
  /** A wrong or used one-time code. */
  'wrongCode',
  /** The half-done sign-in (or TOTP set-up) expired or ran out of attempts. */
  'secondFactorExpired',
  /** A second factor is required of this account and it has none to give at this door (issue 33). */
  'secondFactorSetupNeeded',
  /** A factor change (passkey, authenticator app, recovery codes) needs a proof made in this session in the last five minutes (issue 43). */
  'reauthenticationRequired',
  // A link for a new password that does not work (unknown, used, expired, voided).
  'resetLinkInvalid',
  'missingXhrHeader',
  // The school a route acts on.
  'otherSchool',
  'schoolNotChosen',
  // The supervisor's own report.
  'reportLocked',
  'reportResetWindow',
  'reportWrongDay',
  /** A tick made off line whose time is implausible: ahead of the server's clock, or outside the report day (issue 44). */
  'tickInFuture',
  'tickOutsideDay',
  // A whole-object write based on an older version (the body's `current` is the object as it is now).
  'editConflict',
  // An Idempotency-Key sent again: with another body (422), or for something since deleted (410).
  'idempotencyKeyReused',
  'gone',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error of this status carries when nothing more particular was said. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'notSignedIn';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 410) return 'gone';
  if (status === 413) return 'bodyTooLarge';
  if (status === 429) return 'tooManyAttempts';
  if (status === 503) return 'databaseAway';
  return status >= 500 ? 'serverError' : 'invalid';
}

/** The body of every error response. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  /** With editConflict: the object as it is now, for the writer to compare with their own. */
  current: z.unknown().optional(),
  /** With sessionEnded: why the server ended the session. */
  reason: z.enum(SESSION_END_REASONS).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
