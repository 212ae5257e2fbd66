/**
 * When a phone says something was done: off line, earlier than it reached the server (a roll
 * call's mark, an evacuation's 'I sikkerhet'). Never later than now, and now if unreadable.
 */
export function deviceTime(at: string | undefined, now: Date): Date {
  const when = at ? new Date(at) : now;
  return Number.isNaN(when.getTime()) || when > now ? now : when;
}
