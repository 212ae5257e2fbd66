import { preloadable } from '../../ui/preloadable';

/**
 * The roll call's screens are a chunk of their own, fetched by the board once it is drawn: so it
 * is on the phone (the service worker keeps it) before the supervisor walks into a Wi-Fi hole.
 */
const load = () => import('./rollCallScreens');
export const RollCallsScreen = preloadable(() => load().then((m) => m.RollCallsPage));
export const RollCallScreen = preloadable(() => load().then((m) => m.RollCallPage));
export const preloadRollCallScreens = (): void => void load();
