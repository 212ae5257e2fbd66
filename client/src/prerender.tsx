import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppShell } from './AppShell';
import { LOGIN_TITLE } from './features/auth/LoginPage';
import { pageTitle } from './ui/documentTitle';
import { LoadingScreen } from './ui/LoadingScreen';

/**
 * The sign-in page as a browser without a session first draws it (main.tsx), rendered at build
 * (client/vite.prerender.ts) so that a phone paints the form before any script has run.
 */
export function renderSignInPage(): { html: string; title: string } {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location="/login">
        <AppShell />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, title: pageTitle(LOGIN_TITLE) };
}

/** What every other page shows until its script has drawn the first screen (main.tsx replaces it). */
export function renderLoadingScreen(): string {
  return renderToString(<LoadingScreen />);
}
