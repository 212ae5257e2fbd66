import { SESSION_ENDED_COOKIE } from '#protocol/product';
import { SESSION_END_REASONS, type ServerSessionEndReason } from '#protocol/sessionEnd';

const NAMES = [SESSION_ENDED_COOKIE, `__Host-${SESSION_ENDED_COOKIE}`];

/**
 * Why the server ended this browser's session, as the first answer that found it gone left it in a
 * cookie (server/src/plugins/sessionEndedNotice.ts): that answer also cleared the session cookie, so
 * the /me that follows hears only 'not signed in' (issue 27). Taken once: read and removed.
 */
export function takeSessionEndedCookie(): ServerSessionEndReason | null {
  if (typeof document === 'undefined') return null;
  let found: ServerSessionEndReason | null = null;
  for (const pair of document.cookie.split('; ')) {
    const [name, value] = pair.split('=');
    if (!NAMES.includes(name!)) continue;
    if (SESSION_END_REASONS.includes(value as ServerSessionEndReason)) found = value as ServerSessionEndReason;
    document.cookie = `${name}=; Max-Age=0; Path=/${name!.startsWith('__Host-') ? '; Secure' : ''}`;
  }
  return found;
}
