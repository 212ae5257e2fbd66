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
import { rememberAccount, rememberedAccount } from '../../stores/rememberedAccount';
import { useHydrated } from '../../ui/useHydrated';
import { loadSignedInApp } from '../../signedInChunk';
import type { LoginResponse } from '#protocol/auth';

export const LOGIN_TITLE = 'Logg inn';

/**
 * /login: every account but the Plattformadministrator's, who is sent to their own portal. Where
 * this device has a passkey for the account last signed in here, 'Logg inn med passnøkkel' comes
 * first (issue 44: back in after the idle sign-out in a tap).
 */
export function LoginPage() {
  const { enter, refuse } = useSignInOutcomes();
  const hydrated = useHydrated();
  const passkeyFirst = hydrated && rememberedAccount()?.passkey === true;
  const signedIn = (withPasskey: boolean) => (response: LoginResponse) => {
    if (response.user.role === PLATFORM_ADMIN_ROLE)
      return refuse('Feil innloggingsside', TEXTS.platformAdminWrongLogin, '/plattformadministrator-login');
    rememberAccount(response.user.email, withPasskey);
    return enter(response);
  };
  const passkeyButton = (
    <PasskeySignInButton
      onSignedIn={signedIn(true)}
      onStart={() => void loadSignedInApp()}
      onFailed={clearStoredAuth}
      primary={passkeyFirst}
    />
  );
  return (
    <AuthLayout title={LOGIN_TITLE}>
      <SignedOutNotice />
      <ProviderFailureNotice />
      {passkeyFirst && (
        <>
          {passkeyButton}
          <p className="muted signin-divider">eller logg inn med passord</p>
        </>
      )}
      <SignInForm
        testId="login"
        onSignedIn={signedIn(false)}
        failureDescription={(error) => `${serverMessage(error, 'Kunne ikke logge inn')} (${browserName})`}
        remembers
      />
      {!passkeyFirst && passkeyButton}
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
