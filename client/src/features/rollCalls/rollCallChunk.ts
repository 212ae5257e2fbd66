import { preloadable } from '../../ui/preloadable';

/**
 * The roll call's screens are a chunk of their own, which the board's first screen does not wait
 * for; the service worker's install keeps it on the phone for a Wi-Fi hole (vite.offlineScreens.ts).
 */
const load = () => import('./rollCallScreens');
export const RollCallsScreen = preloadable(() => load().then((m) => m.RollCallsPage));
export const RollCallScreen = preloadable(() => load().then((m) => m.RollCallPage));
