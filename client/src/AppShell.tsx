import { App } from './App';
import { Toaster } from './ui/Toaster';

/** Everything under the router: the browser's (main.tsx) and the build's prerender (prerender.tsx) render the same. */
export function AppShell() {
  return (
    <>
      <App />
      <Toaster />
    </>
  );
}
