import type { EventOrigin } from '#protocol/origin';

/** How long a write's id is remembered: its events come within moments, even over a slow link. */
const REMEMBER_MS = 2 * 60 * 1000;
const sent = new Map<string, number>();

/** A new id for a write this window sends (the X-Request-Id header); remembered for a while. */
export function newWriteId(): string {
  const now = Date.now();
  for (const [id, at] of sent) if (now - at > REMEMBER_MS) sent.delete(id);
  const id = crypto.randomUUID();
  sent.set(id, now);
  return id;
}

/** Whether this window caused the event (the server marks each event with the write's id). */
export function isOwnEvent(origin: EventOrigin): boolean {
  return origin.requestId !== null && sent.has(origin.requestId);
}
