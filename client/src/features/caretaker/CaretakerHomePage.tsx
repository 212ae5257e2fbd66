import { AppHeader } from '../../ui/AppHeader';
import { MenuLink } from '../../ui/MenuLink';

/** /vaktmester (Vaktmester, Plattformadministrator). Task lists arrive with the maintenance feature. */
export function CaretakerHomePage() {
  return (
    <div className="app-shell">
      <AppHeader title="Vaktmester" />
      <main className="page" data-testid="caretaker-home">
        <ul className="menu-grid">
          <li>
            <MenuLink to="/change-password" label="Endre passord" />
          </li>
        </ul>
      </main>
    </div>
  );
}
