import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathToOpen } from './openFromNotification';

/**
 * A tapped notification, with the app already open: the service worker focuses this window and
 * names the path; the app goes there as a link would (no reload, no second window).
 */
export function useOpenFromNotification(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const path = pathToOpen(event.data);
      if (path) void navigate(path);
    };
    container.addEventListener('message', onMessage);
    // Messages wait until the page says it listens.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
