import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../stores/authStore';
import { BackIcon } from './icons';
import { LogoutButton } from './LogoutButton';
import { pageTitle, useDocumentTitle } from './documentTitle';

interface AppHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Shows a back arrow to this path. */
  backTo?: string;
  backLabel?: string;
  /** Extra buttons next to logout. */
  actions?: ReactNode;
  /** The browser tab's title when it is more than the screen's title (the caretaker's pending count). */
  documentTitle?: string;
}

/** Title, optional back arrow and subtitle, the greeting 'Hei, {name}' and the logout button. */
export function AppHeader({ title, subtitle, backTo, backLabel = 'Tilbake', actions, documentTitle }: AppHeaderProps) {
  useDocumentTitle(documentTitle ?? pageTitle(title));
  const name = useAuthStore((state) => state.user?.name ?? '');
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <div className="app-header-title">
          {backTo && (
            <Link to={backTo} className="icon-button" aria-label={backLabel} data-testid="header-back">
              <BackIcon />
            </Link>
          )}
          <div>
            <h1>{title}</h1>
            {subtitle && <p className="app-header-subtitle">{subtitle}</p>}
          </div>
        </div>
        <div className="app-header-user">
          <span className="greeting" data-testid="greeting">
            Hei, {name}
          </span>
          {actions}
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
