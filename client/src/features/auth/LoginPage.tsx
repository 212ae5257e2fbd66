import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { landingPath, PLATFORM_ADMIN_ROLE, TEXTS } from '../../../../protocol/src';
import { login, logout } from '../../api/auth';
import { browserName } from '../../api/browser';
import { serverMessage } from '../../api/http';
import { clearStoredAuth } from '../../stores/authStorage';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { AuthLayout } from './AuthLayout';
import { CompatNotice } from './CompatNotice';
import { loadSignedInApp } from '../../signedInChunk';

export function LoginPage() {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    void loadSignedInApp();
    try {
      const response = await login({ email: email.trim(), password });
      if (response.user.role === PLATFORM_ADMIN_ROLE) {
        await logout();
        clearStoredAuth();
        toast({ title: 'Feil innloggingsside', description: TEXTS.platformAdminWrongLogin, variant: 'destructive' });
        navigate('/plattformadministrator-login');
        return;
      }
      beginSession(response);
      // A pending or deactivated account is signed in only to see why it cannot go on: its status
      // screen says so, and 'Du er nå logget inn' would promise what it cannot do.
      if (response.user.status === 'approved') toast({ title: 'Vellykket', description: 'Du er nå logget inn' });
      navigate(landingPath(response.user.role), { replace: true });
    } catch (error) {
      clearStoredAuth();
      toast({
        title: 'Innloggingsfeil',
        description: `${serverMessage(error, 'Kunne ikke logge inn')} (${browserName})`,
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Logg inn">
      <CompatNotice />
      <form className="form" onSubmit={onSubmit} data-testid="login-form">
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="login-email"
        />
        <TextField
          label="Passord"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="login-password"
        />
        <button type="submit" className="button button-block" disabled={submitting} data-testid="login-submit">
          {submitting ? 'Logger inn...' : 'Logg inn'}
        </button>
      </form>
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/register">Opprett ny konto</Link>
        <Link to="/plattformadministrator-login">Plattformadministrator Portal</Link>
      </nav>
    </AuthLayout>
  );
}
