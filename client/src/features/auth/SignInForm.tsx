import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { landingPath, type LoginResponse } from '#protocol';
import { login, logout } from '../../api/auth';
import { clearStoredAuth } from '../../stores/authStorage';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { loadSignedInApp } from '../../signedInChunk';

/** What a sign-in page does with an account the server let in. */
export function useSignInOutcomes() {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  return {
    /** In: a pending or deactivated account only to its status screen, so no 'Du er nå logget inn'. */
    enter(response: LoginResponse): void {
      beginSession(response);
      if (response.user.status === 'approved') toast({ title: 'Vellykket', description: 'Du er nå logget inn' });
      navigate(landingPath(response.user.role), { replace: true });
    },
    /** The wrong page for this account: signed out again at once, with the reason. */
    async refuse(title: string, description: string, goTo?: string): Promise<void> {
      await logout();
      clearStoredAuth();
      toast({ title, description, variant: 'destructive' });
      if (goTo) navigate(goTo);
    },
  };
}

type SignInFormProps = {
  /** 'login' or 'platform-login': the form's and its fields' test ids. */
  testId: string;
  onSignedIn(response: LoginResponse): Promise<void> | void;
  failureDescription(error: unknown): string;
  /** Says 'Vennligst fyll ut alle feltene' itself instead of the browser's required fields. */
  checksFilled?: boolean;
};

/** E-mail and password, 'Logg inn': the one sign-in form of both sign-in pages. */
export function SignInForm({ testId, onSignedIn, failureDescription, checksFilled = false }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (checksFilled && (!email.trim() || !password)) {
      toast({ title: 'Feil', description: 'Vennligst fyll ut alle feltene', variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    void loadSignedInApp();
    try {
      await onSignedIn(await login({ email: email.trim(), password }));
    } catch (error) {
      clearStoredAuth();
      toast({ title: 'Innloggingsfeil', description: failureDescription(error), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate={checksFilled} data-testid={`${testId}-form`}>
      <TextField
        label="E-post"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required={!checksFilled}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        data-testid={`${testId}-email`}
      />
      <TextField
        label="Passord"
        type="password"
        name="password"
        autoComplete="current-password"
        required={!checksFilled}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-testid={`${testId}-password`}
      />
      <button type="submit" className="button button-block" disabled={submitting} data-testid={`${testId}-submit`}>
        {submitting ? 'Logger inn...' : 'Logg inn'}
      </button>
    </form>
  );
}
