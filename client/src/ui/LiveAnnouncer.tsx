import { useAnnouncerStore } from './liveAnnouncer';

/** The one polite live region of the signed-in app, in the page from the start (WCAG 4.1.3). */
export function LiveAnnouncer() {
  const message = useAnnouncerStore((state) => state.message);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="live-announcer">
      {message}
    </div>
  );
}
