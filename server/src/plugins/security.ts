import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../config';
import { forbidden } from '../httpError';
import { registerSecurityHeaders } from './securityHeaders';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a strict CSP, the XHR header on mutations, and opt-in rate limits. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app, config);

  // One gate for every write, whatever its path looks like: a cross-site form or plain fetch cannot
  // set this header without a CORS preflight, which we never grant. The raw URL is not consulted
  // ('/%61pi/…' routes to '/api/…'), nor is the path at all: no write anywhere goes without it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.headers['x-requested-with'] === 'XMLHttpRequest') return done();
    done(forbidden(TEXTS.missingXhrHeader, 'missingXhrHeader'));
  });
  // Writes carry JSON only: a form's encodings and text/plain get 415 instead of a parser.
  app.removeContentTypeParser('text/plain');

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: TEXTS.tooManyAttempts }),
  });
}
