import './zodConfig';
// Base styles first, so feature styles that follow can refine them.
import './ui/base.css';
import './ui/layout.css';
import './ui/lists.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { showsSignInForm } from '#protocol/product';
import { AppShell } from './AppShell';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { registerServiceWorker } from './registerServiceWorker';
import { useAuthStore } from './stores/authStore';

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
  container.replaceChildren();
  createRoot(container).render(app);
}

registerServiceWorker();
