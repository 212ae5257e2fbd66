import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { landingPath, PLATFORM_ADMIN_ROLE } from '../../../../protocol/src';
import { login, logout } from '../../api/auth';
import { serverMessage } from '../../api/http';
import { clearStoredAuth } from '../../stores/authStorage';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { AuthLayout } from './AuthLayout';
import { loadSignedInApp } from '../../signedInChunk';

/** /plattformadministrator-login: accepts Plattformadministrator accounts only. */
export function PlatformLoginPage() {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) {
      toast({ title: 'Feil', description: 'Vennligst fyll ut alle feltene', variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    void loadSignedInApp();
    try {
      const response = await login({ email: email.trim(), password });
      if (response.user.role !== PLATFORM_ADMIN_ROLE) {
        await logout();
        clearStoredAuth();
        toast({
          title: 'Tilgang nektet',
          description: 'Denne innloggingen er kun for Plattformadministrator-kontoer',
          variant: 'destructive',
        });
        return;
      }
      beginSession(response);
      toast({ title: 'Vellykket', description: 'Du er nå logget inn' });
      navigate(landingPath(response.user.role), { replace: true });
    } catch (error) {
      clearStoredAuth();
      toast({ title: 'Innloggingsfeil', description: serverMessage(error, 'Login failed'), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Plattformadministrator Portal">
      <p className="muted">Innlogging for plattformadministratorer.</p>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="platform-login-form">
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="platform-login-email"
        />
        <TextField
          label="Passord"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="platform-login-password"
        />
        <button type="submit" className="button button-block" disabled={submitting} data-testid="platform-login-submit">
          {submitting ? 'Logger inn...' : 'Logg inn'}
        </button>
      </form>
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til vanlig innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
