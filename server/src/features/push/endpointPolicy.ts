import { PUSH_TEXTS } from '#protocol/push';
import { badRequest } from '../../httpError';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The browsers' push services, the only hosts a production server posts to: Chrome and the
 * Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Safari (Apple) and
 * the old Edge (Windows Push Notification Services). Exact names, or a subdomain of the suffixes.
 */
const PUSH_SERVICE_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
const PUSH_SERVICE_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

const isPushService = (host: string) => PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));

/**
 * Whether the server may post a device's messages there. In production: https on port 443 of a
 * known push service, nothing else (a name of one's own could resolve to the server's own network
 * or a cloud metadata address, issue 43). Outside production any https host, or a loopback http
 * one (the tests' own push service).
 */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  if (!URL.canParse(endpoint)) return PUSH_TEXTS.endpointInvalid;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.username || url.password || url.hash) return PUSH_TEXTS.endpointInvalid;
  if (url.protocol === 'https:') {
    if (production && (url.port !== '' || !isPushService(host))) return PUSH_TEXTS.endpointNotPushService;
    return null;
  }
  if (url.protocol === 'http:' && !production && LOOPBACK.has(host)) return null;
  return PUSH_TEXTS.endpointNotHttps;
}

/** Refuses, in Norwegian, an endpoint the server will not post to. */
export function checkEndpoint(endpoint: string, production: boolean): void {
  const problem = endpointProblem(endpoint, production);
  if (problem) throw badRequest(problem);
}
