import { useOnline } from './useOnline';

export const OFFLINE_TEXT = 'Du er frakoblet – endringer lagres når du er på nett igjen';

/** At the top of every signed-in screen while the network is gone, in the page's flow so it covers nothing. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'visually-hidden' : 'offline-banner'} data-testid="offline-banner">
      {online ? '' : OFFLINE_TEXT}
    </div>
  );
}
