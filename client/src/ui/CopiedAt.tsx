import { formatInTimeZone } from 'date-fns-tz';
import { formatTimestampNo, osloDay, OSLO_TIME_ZONE } from '#protocol';

/** 'Sist oppdatert 22:41' in Oslo time; an earlier day's copy names its date too. */
export function copiedAtText(fetchedAt: string, now: Date = new Date()): string {
  const at = new Date(fetchedAt);
  const when = osloDay(at) === osloDay(now) ? formatInTimeZone(at, OSLO_TIME_ZONE, 'HH:mm') : formatTimestampNo(at);
  return `Sist oppdatert ${when}`;
}

/** The earlier of the times given (ISO instants), ignoring lists that are fresh (null): a card of two lists is as old as its older one. */
export function earliest(...ats: Array<string | null>): string | null {
  return ats.reduce<string | null>((first, at) => (at !== null && (first === null || at < first) ? at : first), null);
}

/** Under a list shown from this device's copy (off line after a reload): when it was fetched. Nothing while the list is fresh. */
export function CopiedAt({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <p className="muted board-note" data-testid="copied-at">
      {copiedAtText(at)}
    </p>
  );
}
