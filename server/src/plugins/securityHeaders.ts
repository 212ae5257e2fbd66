import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

function helmetOptions(config: Config): Readonly<HelmetOptions> {
  return {
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
  };
}

/**
 * The headers helmet sets, worked out once: they are the same for every response (no per-request
 * nonce), and @fastify/helmet would build helmet's middleware again, parsing the CSP, on each one.
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))({} as never, collector as never, () => undefined);
  return Object.freeze(headers);
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
