import { useLocation, useNavigate } from 'react-router-dom';
import { loginBodySchema, type LoginBody, type LoginResponse } from '#protocol/auth';
import { landingPath } from '#protocol/roles';
import { login, logout, signInWithCode } from '../../api/auth';
import { errorCode, serverMessage } from '../../api/http';
import { CODE_STEP_PARAM, CODE_STEP_VALUE, oneTimeCodeBodySchema, type OneTimeCodeBody } from '#protocol/secondFactor';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clearStoredAuth } from '../../stores/authStorage';
import { forgetAccount, rememberedAccount } from '../../stores/rememberedAccount';
import { TrustDeviceField } from './TrustDeviceField';
import { destinationAfterSignIn } from '../../stores/returnPath';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useHydrated } from '../../ui/useHydrated';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { loadSignedInApp } from '../../signedInChunk';
import './auth.css';

/** What a sign-in page does with an account the server let in. */
export function useSignInOutcomes() {
  const navigate = useNavigate();
  const location = useLocation();
  const beginSession = useAuthStore((state) => state.beginSession);
  return {
    /** In: a pending or deactivated account only to its status screen, so no 'Du er nå logget inn'. */
    enter(response: LoginResponse): void {
      beginSession(response);
      const approved = response.user.status === 'approved';
      if (approved) toast({ title: 'Vellykket', description: 'Du er nå logget inn' });
      navigate(approved ? destinationAfterSignIn(location, response.user.role, window.location.origin) : landingPath(response.user.role), {
        replace: true,
      });
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

function failed(title: string, description: string): void {
  toast({ title, description, variant: 'destructive' });
}

type SignInFormProps = {
  /** 'login' or 'platform-login': the form's and its fields' test ids. */
  testId: string;
  onSignedIn(response: LoginResponse): Promise<void> | void;
  failureDescription(error: unknown): string;
  /**
   * /login only (issue 44): the e-mail last used on this device filled in, with 'Ikke deg?', and
   * 'Husk denne enheten i 12 timer' at the code step. Never on the Plattformadministrator's page.
   */
  remembers?: boolean;
};

/**
 * E-mail and password, 'Logg inn': the one sign-in form of both sign-in pages. Its code step opens
 * after a right password, or on arrival from Feide or Microsoft for an account with the
 * authenticator app (/login?trinn=kode; the half-done sign-in waits in the server's session).
 */
export function SignInForm({ testId, onSignedIn, failureDescription, remembers = false }: SignInFormProps) {
  // The prerendered page knows no address: the code step from one waits until React has taken over.
  const hydrated = useHydrated();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const fromProvider = hydrated && new URLSearchParams(search).get(CODE_STEP_PARAM) === CODE_STEP_VALUE;
  const [step, setStep] = useState<'password' | 'code' | null>(null);
  const restart = () => {
    setStep('password');
    if (fromProvider) navigate(pathname, { replace: true });
  };
  if ((step ?? (fromProvider ? 'code' : 'password')) === 'code') {
    // Trust is for password sign-ins only: a provider's sign-in has its own way back.
    return <CodeStepForm testId={testId} onSignedIn={onSignedIn} onRestart={restart} offerTrust={remembers && !fromProvider} />;
  }
  return (
    <PasswordStepForm
      testId={testId}
      onSignedIn={onSignedIn}
      failureDescription={failureDescription}
      onCodeNeeded={() => setStep('code')}
      remembers={remembers}
    />
  );
}

type PasswordStepProps = SignInFormProps & { onCodeNeeded(): void };

/**
 * E-mail and password. The sign-in page is prerendered and the same for everyone: what was typed
 * into it before React took over is kept, and only an empty e-mail field gets the one last used on
 * this device (issue 44), with the password field focused.
 */
function PasswordStepForm({ testId, onSignedIn, failureDescription, onCodeNeeded, remembers }: PasswordStepProps) {
  const hydrated = useHydrated();
  const [rememberedAtStart] = useState(() => (hydrated && remembers ? (rememberedAccount()?.email ?? '') : ''));
  const [remembered, setRemembered] = useState(rememberedAtStart !== '');
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm<keyof LoginBody, LoginBody>({
    schema: loginBodySchema,
    initial: { email: rememberedAtStart, password: '' },
    // The sign-in pages tell what is wrong in a toast, not under the fields.
    onInvalid: (errors, values) => {
      const unfilled = !values.email.trim() || !values.password;
      // Said in Norwegian by the form itself, never by the browser's own bubble (noValidate).
      if (unfilled) return void failed('Feil', 'Vennligst fyll ut alle feltene');
      const [first] = Object.values(errors);
      if (first) failed('Innloggingsfeil', first);
    },
    onValid: async (body) => {
      void loadSignedInApp();
      try {
        await onSignedIn(await login(body));
      } catch (error) {
        clearStoredAuth();
        // The password was right; the account asks for a code from its authenticator app too.
        if (errorCode(error) === 'secondFactorRequired') onCodeNeeded();
        else failed('Innloggingsfeil', failureDescription(error));
      }
    },
  });
  const { setValue } = form;
  const prerendered = useRef(!hydrated);
  const typedBeforeReact = useRef({ email: '', password: '' });
  // React keeps what was typed into the prerendered fields while it takes the page over, but its
  // next render would write the form's empty state over it: so it goes into the state first.
  useLayoutEffect(() => {
    if (!prerendered.current) return;
    const typed = { email: emailRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
    typedBeforeReact.current = typed;
    if (typed.email) setValue('email', typed.email);
    if (typed.password) setValue('password', typed.password);
  }, [setValue]);
  useEffect(() => {
    if (rememberedAtStart) passwordRef.current?.focus();
  }, [rememberedAtStart]);
  useEffect(() => {
    if (!hydrated || !prerendered.current) return;
    prerendered.current = false;
    const typed = typedBeforeReact.current;
    const email = remembers && !typed.email ? (rememberedAccount()?.email ?? '') : '';
    if (!email) return;
    setValue('email', email);
    setRemembered(true);
    if (!typed.password) passwordRef.current?.focus();
  }, [hydrated, remembers, setValue]);

  function notMe(): void {
    forgetAccount();
    setRemembered(false);
    setValue('email', '');
    emailRef.current?.focus();
  }

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate data-testid={`${testId}-form`}>
      <TextField
        ref={emailRef}
        label="E-post"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        {...form.field('email')}
        data-testid={`${testId}-email`}
      />
      {remembered && (
        <p className="remembered-account">
          <button type="button" className="link-button" onClick={notMe} data-testid={`${testId}-not-me`}>
            Ikke deg? Glem e-postadressen på denne enheten
          </button>
        </p>
      )}
      <TextField
        label="Passord"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        ref={passwordRef}
        {...form.field('password')}
        data-testid={`${testId}-password`}
      />
      <button type="submit" className="button button-block" disabled={form.busy || !hydrated} data-testid={`${testId}-submit`}>
        {form.busy ? 'Logger inn...' : 'Logg inn'}
      </button>
    </form>
  );
}

/**
 * The second step of a password sign-in for an account with an authenticator app: the code (or a
 * recovery code). The server keeps the half-done sign-in for this browser for five minutes and
 * five tries; after that, the password again.
 */
function CodeStepForm({
  testId,
  onSignedIn,
  onRestart,
  offerTrust,
}: Pick<SignInFormProps, 'testId' | 'onSignedIn'> & { onRestart(): void; offerTrust: boolean }) {
  // The code is what the step asks for: the field has the focus, its label and the text above name the step.
  const codeField = useRef<HTMLInputElement>(null);
  const [trustDevice, setTrustDevice] = useState(false);
  useEffect(() => codeField.current?.focus(), []);
  const form = useSchemaForm<keyof OneTimeCodeBody, OneTimeCodeBody>({
    schema: oneTimeCodeBodySchema,
    initial: { code: '' },
    onValid: async ({ code }) => {
      try {
        await onSignedIn(await signInWithCode(code, offerTrust && trustDevice));
      } catch (error) {
        clearStoredAuth();
        failed('Innloggingsfeil', serverMessage(error, 'Kunne ikke logge inn'));
        if (errorCode(error) === 'secondFactorExpired') onRestart();
      }
    },
  });
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate data-testid={`${testId}-code-form`}>
      <h2 className="signin-step-title">To-trinns innlogging</h2>
      <p className="muted">Skriv inn den sekssifrede koden fra autentiseringsappen, eller en av gjenopprettingskodene dine.</p>
      <TextField
        label="Engangskode"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
        {...form.field('code')}
        ref={codeField}
        data-testid={`${testId}-code`}
      />
      {offerTrust && <TrustDeviceField checked={trustDevice} onChange={setTrustDevice} />}
      <button type="submit" className="button button-block" disabled={form.busy} data-testid={`${testId}-code-submit`}>
        {form.busy ? 'Logger inn...' : 'Bekreft'}
      </button>
      <button type="button" className="button button-secondary button-block" onClick={onRestart}>
        Tilbake
      </button>
    </form>
  );
}
