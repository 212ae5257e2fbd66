import { isIP } from 'node:net';
import { PUSH_TEXTS } from '#protocol/push';
import { badRequest } from '../../httpError';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Where the server will send messages for a device: a push service over https. Outside
 * production a loopback http one is allowed too (the tests' own). In production a host named by
 * an IP address or 'localhost' is refused: browsers' push services have names, and the server
 * must not be made to post to addresses of its own network.
 */
export function checkEndpoint(endpoint: string, production: boolean): void {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.username || url.password || url.hash) throw badRequest(PUSH_TEXTS.endpointInvalid);
  if (url.protocol === 'https:') {
    if (production && (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost'))) throw badRequest(PUSH_TEXTS.endpointInvalid);
    return;
  }
  if (url.protocol === 'http:' && !production && LOOPBACK.has(host)) return;
  throw badRequest(PUSH_TEXTS.endpointNotHttps);
}
