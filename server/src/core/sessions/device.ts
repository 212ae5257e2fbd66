import { ACCOUNT_SESSION_TEXTS } from '#protocol/accountSessions';
import { suggestedPasskeyName } from '#protocol/passkeys';

/** A short description of the browser a session signed in from ('Chrome på Android'): enough for a person to recognise it, no library needed. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  return ua.trim() ? suggestedPasskeyName(ua) : ACCOUNT_SESSION_TEXTS.unknownDevice;
}
