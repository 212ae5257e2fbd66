import { Link } from 'react-router-dom';
import { homePath } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { SessionList } from '../accountSessions/SessionList';
import { PasskeyList } from '../passkeys/PasskeyList';
import { usePasskeysStore } from '../passkeys/passkeysStore';
import { ProofDialog } from '../reauthentication/ProofDialog';
import { TotpCard } from '../secondFactor/TotpCard';
import { TrustedDeviceList } from '../secondFactor/TrustedDeviceList';
import { useTotpStore } from '../secondFactor/totpStore';

/** /min-konto: the signed-in user's own ways to sign in (passkeys, an authenticator app, the password; changed after 'Bekreft at det er deg'), and where they are signed in. */
export function AccountPage() {
  const user = useCurrentUser();
  const appOn = useTotpStore((state) => state.data?.enabled ?? false);
  const hasPasskey = usePasskeysStore((state) => Object.keys(state.byId).length > 0);
  return (
    <div className="app-shell">
      <AppHeader title="Min konto" backTo={homePath(user.role)} />
      <main className="page page-narrow account-page" data-testid="account-page">
        <p className="muted">
          Innlogget som {user.name} ({user.email}).
        </p>
        <PasskeyList />
        <TotpCard />
        {appOn && <TrustedDeviceList />}
        <section className="card account-section" aria-labelledby="account-password-title">
          <h2 id="account-password-title" className="section-title">
            Passord
          </h2>
          <Link to="/change-password" className="button button-secondary" data-testid="account-change-password">
            Endre passord
          </Link>
        </section>
        <SessionList />
        <ProofDialog appOn={appOn} hasPasskey={hasPasskey} />
      </main>
    </div>
  );
}
