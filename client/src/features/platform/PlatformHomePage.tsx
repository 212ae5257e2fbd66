import { AppHeader } from '../../ui/AppHeader';
import { MenuLink } from '../../ui/MenuLink';

/** /plattformadministrator. Schools, users and statistics arrive with the platform feature. */
export function PlatformHomePage() {
  return (
    <div className="app-shell">
      <AppHeader title="Plattformadministrator" />
      <main className="page" data-testid="platform-home">
        <ul className="menu-grid">
          <li>
            <MenuLink to="/admin" label="Admin Meny" />
          </li>
          <li>
            <MenuLink to="/vaktmester" label="Vaktmester" />
          </li>
          <li>
            <MenuLink to="/change-password" label="Endre passord" />
          </li>
        </ul>
      </main>
    </div>
  );
}
