import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../config';
import { forbidden } from '../httpError';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a strict CSP, the XHR header on mutations, and opt-in rate limits. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives position popovers with inline style attributes and a <style> tag.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing rule: CSP's frame-ancestors 'none' above (X-Frame-Options: SAMEORIGIN contradicted it).
    xFrameOptions: false,
    // HSTS only where the site is served over HTTPS (production behind TLS).
    strictTransportSecurity: config.cookieSecure ? { maxAge: 15_552_000 } : false,
  });

  // One gate for every write, whatever its path looks like: a cross-site form or plain fetch cannot
  // set this header without a CORS preflight, which we never grant. The raw URL is not consulted
  // ('/%61pi/…' routes to '/api/…'), nor is the path at all: no write anywhere goes without it.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw forbidden(TEXTS.missingXhrHeader, 'missingXhrHeader');
  });
  // Writes carry JSON only: a form's encodings and text/plain get 415 instead of a parser.
  app.removeContentTypeParser('text/plain');

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: TEXTS.tooManyAttempts }),
  });
}
