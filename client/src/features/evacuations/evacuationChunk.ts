import { preloadable } from '../../ui/preloadable';

/**
 * The evacuation list's screen, a chunk of its own, which no first screen waits for; the service
 * worker's install keeps it on the phone for a Wi-Fi hole (vite.offlineScreens.ts).
 */
const load = () => import('./EvacuationPage');
export const EvacuationScreen = preloadable(() => load().then((m) => m.EvacuationPage));
