import { Link } from 'react-router-dom';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { STATEMENT_PATH } from '#protocol/product';
import './footerLinks.css';

/** The links every screen ends with: the accessibility statement, and 'Min konto' and 'Endre passord' where the screen has no menu that holds it. */
export function FooterLinks({ changePassword = false }: { changePassword?: boolean }) {
  return (
    <nav className="footer-links" aria-label="Mer">
      {changePassword && (
        <>
          <Link to={MIN_KONTO_PATH} data-testid="footer-account">
            Min konto
          </Link>
          <Link to="/change-password" data-testid="footer-change-password">
            Endre passord
          </Link>
        </>
      )}
      <Link to={STATEMENT_PATH} data-testid="statement-link">
        Tilgjengelighetserklæring
      </Link>
    </nav>
  );
}
