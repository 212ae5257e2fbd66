import type { FastifyRequest } from 'fastify';

/** Paths that carry a student's name: logged with the name replaced (issue 28: no names in logs). */
const NAMED_PATHS = [/^(\/api\/admin\/students\/)[^/?]+/, /^(\/api\/away\/student\/)[^/?]+/];
const NAME = '{elevnavn}';

export function loggedUrl(url: string): string {
  return NAMED_PATHS.reduce((path, named) => path.replace(named, `$1${NAME}`), url);
}

/** The request as the log shows it: Fastify's own fields, the address without names. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
