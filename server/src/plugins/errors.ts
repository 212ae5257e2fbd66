import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '#protocol/fieldNames';
import { errorCodeForStatus, type ErrorResponse } from '#protocol/errors';
import { TEXTS } from '#protocol/texts';
import { HttpError } from '../httpError';
import { isDuplicateKey } from '../db/duplicateKey';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: TEXTS.bodyTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: TEXTS.badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Forespørselen mangler innhold',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Ugyldig innholdstype (bruk application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Ugyldig lengde på forespørselen',
};

/** The database is away (stopped, restarting, unreachable): the user is told so, and to try again. */
const DATABASE_AWAY = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

export function isDatabaseAway(error: unknown): boolean {
  const err = error as { name?: string; message?: string; cause?: unknown } | null;
  if (!err) return false;
  if (DATABASE_AWAY.has(err.name ?? '')) return true;
  // mongoose with bufferCommands off, before the first connection or after a lost one.
  if (err.name === 'MongooseError' && /initial connection|not connected|Client must be connected/i.test(err.message ?? '')) return true;
  return err.cause !== undefined && err.cause !== error && isDatabaseAway(err.cause);
}

const CONTEXT_NAMES: Record<string, string> = { body: 'innhold', params: 'adresse', querystring: 'spørring' };

/** The error body of a status, with the code that status stands for. */
export function errorBody(status: number, message: string): ErrorResponse {
  return { message, code: errorCodeForStatus(status) };
}

/** One error handler: `{ message, code }`, the message in Norwegian for 4xx, nothing internal for 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      const body: ErrorResponse = { message: error.message, code: error.code };
      if (error.current !== undefined) body.current = error.current;
      if (error.reason !== undefined) body.reason = error.reason;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '') ?? '';
      const field = path ? fieldLabel(path.split('/')) : '';
      const where = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'forespørsel';
      const message = field ? `Feltet «${field}»: ${first?.message}` : `Ugyldig ${where}: ${first?.message}`;
      return reply.status(400).send(errorBody(400, message));
    }
    const code = error.code ?? '';
    if (FRAMEWORK_MESSAGES[code]) {
      const status = error.statusCode ?? 400;
      return reply.status(status).send(errorBody(status, FRAMEWORK_MESSAGES[code]));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(429, TEXTS.tooManyAttempts));
    }
    if (isDuplicateKey(error)) {
      return reply.status(409).send(errorBody(409, 'Finnes allerede'));
    }
    if (isDatabaseAway(error)) {
      request.log.warn(`database unavailable: ${error.message}`);
      return reply.status(503).header('retry-after', '5').send(errorBody(503, TEXTS.databaseAway));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, 'Ugyldig forespørsel'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, TEXTS.serverError));
  });
}
