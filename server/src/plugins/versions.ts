import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERSION_TEXTS, versionOfIfMatch, versionTag } from '#protocol/versions';
import { badRequest } from '../httpError';

/**
 * The version a whole-thing write names (protocol/versions.ts): the body's `baseVersion` or the
 * If-Match header's entity tag; undefined when it names none (or If-Match is '*'), and the write
 * is applied as the spec describes.
 */
export function namedVersion(request: FastifyRequest, inBody: number | undefined): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return inBody;
  const fromHeader = versionOfIfMatch(header);
  if (fromHeader === null) throw badRequest(VERSION_TEXTS.badIfMatch);
  if (inBody !== undefined && fromHeader !== undefined && inBody !== fromHeader) throw badRequest(VERSION_TEXTS.twoVersions);
  return inBody ?? fromHeader;
}

/** The answer names the thing's version as its ETag, for a later write's If-Match. */
export function withVersionTag<T extends { version: number }>(reply: FastifyReply, thing: T): T {
  reply.header('etag', versionTag(thing.version));
  return thing;
}
