import type { FastifyRequest } from 'fastify';
import { firstReads } from '#protocol/firstReads';
import { PLATFORM_ADMIN_ROLE, type Role } from '#protocol/roles';
import type { Config } from '../config';
import { checkSignIn } from './principals';

/**
 * A Link header that preloads what the requested home screen reads first (protocol/firstReads.ts),
 * for the signed-in member it is home to; none for anyone else. Only a hint: the screen asks
 * again, and takes the preloaded answer when it is the same request.
 */
export async function firstReadsLink(request: FastifyRequest, config: Config, now: Date): Promise<string | null> {
  const outcome = await checkSignIn(request.session, request.server.principals, config, now.getTime());
  if ('refused' in outcome) return null;
  const user = outcome.user;
  if (user.status !== 'approved' || user.role === PLATFORM_ADMIN_ROLE || !user.schoolId) return null;
  const reads = firstReads(new URL(request.url, 'http://page').pathname, { role: user.role as Role, schoolId: String(user.schoolId) }, now);
  return reads.length ? reads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ') : null;
}
