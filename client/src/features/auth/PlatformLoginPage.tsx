import { Link } from 'react-router-dom';
import { PLATFORM_ADMIN_ROLE } from '#protocol';
import { serverMessage } from '../../api/http';
import { AuthLayout } from './AuthLayout';
import { SignedOutNotice } from './SignedOutNotice';
import { SignInForm, useSignInOutcomes } from './SignInForm';

/** /plattformadministrator-login: accepts Plattformadministrator accounts only. */
export function PlatformLoginPage() {
  const { enter, refuse } = useSignInOutcomes();
  return (
    <AuthLayout title="Plattformadministrator Portal">
      <p className="muted">Innlogging for plattformadministratorer.</p>
      <SignedOutNotice />
      <SignInForm
        testId="platform-login"
        onSignedIn={(response) =>
          response.user.role === PLATFORM_ADMIN_ROLE
            ? enter(response)
            : refuse('Tilgang nektet', 'Denne innloggingen er kun for Plattformadministrator-kontoer')
        }
        failureDescription={(error) => serverMessage(error, 'Login failed')}
      />
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til vanlig innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
