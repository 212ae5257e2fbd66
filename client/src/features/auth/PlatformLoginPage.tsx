import { Link } from 'react-router-dom';
import { PLATFORM_ADMIN_ROLE } from '#protocol';
import { serverMessage } from '../../api/http';
import { AuthLayout } from '../../ui/AuthLayout';
import { SignedOutNotice } from './SignedOutNotice';
import { SignInForm, useSignInOutcomes } from './SignInForm';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import { clearStoredAuth } from '../../stores/authStorage';
import { loadSignedInApp } from '../../signedInChunk';
import type { LoginResponse } from '#protocol/auth';

/** /plattformadministrator-login: accepts Plattformadministrator accounts only. */
export function PlatformLoginPage() {
  const { enter, refuse } = useSignInOutcomes();
  const onSignedIn = (response: LoginResponse) =>
    response.user.role === PLATFORM_ADMIN_ROLE
      ? enter(response)
      : refuse('Tilgang nektet', 'Denne innloggingen er kun for Plattformadministrator-kontoer');
  return (
    <AuthLayout title="Plattformadministrator Portal">
      <p className="muted">Innlogging for plattformadministratorer.</p>
      <SignedOutNotice />
      <SignInForm testId="platform-login" onSignedIn={onSignedIn} failureDescription={(error) => serverMessage(error, 'Login failed')} />
      <PasskeySignInButton onSignedIn={onSignedIn} onStart={() => void loadSignedInApp()} onFailed={clearStoredAuth} />
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til vanlig innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
