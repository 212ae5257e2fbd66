import { Link } from 'react-router-dom';
import { homePath } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { PasskeyList } from '../passkeys/PasskeyList';
import { TotpCard } from '../secondFactor/TotpCard';

/** /min-konto: the signed-in user's own ways to sign in: passkeys, an authenticator app, and the password. */
export function AccountPage() {
  const user = useCurrentUser();
  return (
    <div className="app-shell">
      <AppHeader title="Min konto" backTo={homePath(user.role)} />
      <main className="page page-narrow account-page" data-testid="account-page">
        <p className="muted">
          Innlogget som {user.name} ({user.email}).
        </p>
        <PasskeyList />
        <TotpCard />
        <section className="card account-section" aria-labelledby="account-password-title">
          <h2 id="account-password-title" className="section-title">
            Passord
          </h2>
          <Link to="/change-password" className="button button-secondary" data-testid="account-change-password">
            Endre passord
          </Link>
        </section>
      </main>
    </div>
  );
}
