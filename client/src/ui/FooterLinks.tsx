import { Link } from 'react-router-dom';
import { STATEMENT_PATH } from '#protocol/product';
import './footerLinks.css';

/** The links every screen ends with: the accessibility statement, and 'Endre passord' where the screen has no menu that holds it. */
export function FooterLinks({ changePassword = false }: { changePassword?: boolean }) {
  return (
    <nav className="footer-links" aria-label="Mer">
      {changePassword && (
        <Link to="/change-password" data-testid="footer-change-password">
          Endre passord
        </Link>
      )}
      <Link to={STATEMENT_PATH} data-testid="statement-link">
        Tilgjengelighetserklæring
      </Link>
    </nav>
  );
}
