import { errorCodeForStatus, type ErrorCode } from '#protocol/errors';
import { sessionEndText, type ServerSessionEndReason } from '#protocol/sessionEnd';

/** An error with a status, a Norwegian message meant for the user, and the code the client decides on. */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    /** With editConflict: the object as it is now. */
    readonly current?: unknown,
    /** With sessionEnded: why the server ended the session. */
    readonly reason?: ServerSessionEndReason,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? errorCodeForStatus(statusCode);
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const unauthorized = (message: string, code?: ErrorCode) => new HttpError(401, message, code);
export const forbidden = (message: string, code?: ErrorCode) => new HttpError(403, message, code);
export const notFound = (message: string, code?: ErrorCode) => new HttpError(404, message, code);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);
export const gone = (message: string) => new HttpError(410, message, 'gone');
export const unprocessable = (message: string, code: ErrorCode) => new HttpError(422, message, code);

/** A whole-object write based on an older version: 409 with the object as it is now. */
export const editConflict = (message: string, current: unknown) => new HttpError(409, message, 'editConflict', current);
/**
 * The request's session was ended by the server (an account or school change) while this device
 * was away or between connections: said with why, so the sign-in page can say it (issue 27).
 */
export const sessionEnded = (reason: ServerSessionEndReason, role?: string | null) =>
  new HttpError(401, sessionEndText(reason, role), 'sessionEnded', undefined, reason);
export const serviceUnavailable = (message: string, code?: ErrorCode) => new HttpError(503, message, code);
