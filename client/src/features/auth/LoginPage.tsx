import { Link } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH } from '#protocol/product';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { TEXTS } from '#protocol/texts';
import { browserName } from '../../api/browser';
import { serverMessage } from '../../api/http';
import { AuthLayout } from '../../ui/AuthLayout';
import { CompatNotice } from './CompatNotice';
import { SignedOutNotice } from './SignedOutNotice';
import { SignInForm, useSignInOutcomes } from './SignInForm';
import { ProviderButtons, ProviderFailureNotice } from '../oidc/ProviderButtons';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import { clearStoredAuth } from '../../stores/authStorage';
import { loadSignedInApp } from '../../signedInChunk';
import type { LoginResponse } from '#protocol/auth';

export const LOGIN_TITLE = 'Logg inn';

/** /login: every account but the Plattformadministrator's, who is sent to their own portal. */
export function LoginPage() {
  const { enter, refuse } = useSignInOutcomes();
  const onSignedIn = (response: LoginResponse) =>
    response.user.role === PLATFORM_ADMIN_ROLE
      ? refuse('Feil innloggingsside', TEXTS.platformAdminWrongLogin, '/plattformadministrator-login')
      : enter(response);
  return (
    <AuthLayout title={LOGIN_TITLE}>
      <SignedOutNotice />
      <ProviderFailureNotice />
      <SignInForm
        testId="login"
        onSignedIn={onSignedIn}
        failureDescription={(error) => `${serverMessage(error, 'Kunne ikke logge inn')} (${browserName})`}
      />
      <PasskeySignInButton onSignedIn={onSignedIn} onStart={() => void loadSignedInApp()} onFailed={clearStoredAuth} />
      <ProviderButtons />
      <nav className="auth-links" aria-label="Andre valg">
        <Link to={FORGOT_PASSWORD_PATH} data-testid="forgot-password-link">
          Glemt passord?
        </Link>
        <Link to="/register">Opprett ny konto</Link>
        <Link to="/plattformadministrator-login">Plattformadministrator Portal</Link>
      </nav>
      {/* Last in the card: it appears once React has taken the prerendered page over, and moves nothing above it. */}
      <CompatNotice />
    </AuthLayout>
  );
}
