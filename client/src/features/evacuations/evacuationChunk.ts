import { preloadable } from '../../ui/preloadable';

/**
 * The evacuation list's screen, a chunk of its own fetched by every signed-in screen once it is
 * drawn (EvacuationBanner): so it is on the phone (the service worker keeps it) before anyone
 * needs it in a Wi-Fi hole.
 */
const load = () => import('./EvacuationPage');
export const EvacuationScreen = preloadable(() => load().then((m) => m.EvacuationPage));
export const preloadEvacuationScreen = (): void => void load();
