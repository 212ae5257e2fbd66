import './zodConfig';
// Base styles first, so feature styles that follow can refine them.
import './ui/base.css';
import './ui/layout.css';
import './ui/lists.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { showsSignInForm } from '#protocol/product';
import { AppShell } from './AppShell';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { registerServiceWorker } from './registerServiceWorker';
import { loadSignedInApp } from './signedInChunk';
import { mayHaveSession } from './stores/authStorage';
import { useAuthStore } from './stores/authStore';

// A session to resume (the page came with its cookie, or this browser keeps one): the signed-in
// screens are fetched while /me is asked, and are here when it answers.
if (mayHaveSession()) void loadSignedInApp();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  </StrictMode>
);

// A browser with no session shows the sign-in form at once (authStore's first phase): the form the
// page came with is taken over as it is. Any other start draws its own first screen in its place.
if (container.hasAttribute(PRERENDERED_ATTRIBUTE) && useAuthStore.getState().phase === 'signedOut' && showsSignInForm(location.pathname)) {
  hydrateRoot(container, app);
} else {
  const root = createRoot(container);
  // The page's own "Laster..." is painted first (scripts that arrive fast would otherwise run before
  // any paint), then React draws the first screen in slices (a transition), so a slow phone is never
  // blocked long. React replaces the page's content when it commits.
  afterFirstPaint(() => startTransition(() => root.render(app)));
}

function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background paints nothing until shown; the app starts anyway.
  setTimeout(once, 100);
}

registerServiceWorker();
