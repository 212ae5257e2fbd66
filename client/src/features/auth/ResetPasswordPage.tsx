import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH } from '#protocol/product';
import { PASSWORD_MIN_LENGTH } from '#protocol/auth';
import { PASSWORD_RESET_TEXTS, passwordResetFormSchema, type PasswordResetForm } from '#protocol/passwordReset';
import { errorCode, serverMessage } from '../../api/http';
import { RemoveFactorsField } from './RemoveFactorsField';
import { TextField } from '../../ui/TextField';
import { failureToast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { AuthLayout } from '../../ui/AuthLayout';
import { resetPassword } from '../passwordReset/passwordResetApi';

type Outcome = { done: true; message: string } | { done: false; message: string } | null;

/** The token of the link: after the '#', so it never reaches a server's log or another site. */
function tokenOfAddress(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/**
 * /nytt-passord#<token>: the person the link was made for sets a new password, by the rules of
 * registration, once; then signs in with it. A link that does not work says so, and where to go.
 */
export function ResetPasswordPage() {
  const [token] = useState(tokenOfAddress);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { done: false, message: PASSWORD_RESET_TEXTS.linkInvalid });
  const [removeFactors, setRemoveFactors] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const form = useSchemaForm<keyof PasswordResetForm, PasswordResetForm>({
    schema: passwordResetFormSchema,
    initial: { newPassword: '', confirmPassword: '' },
    onValid: async ({ newPassword }) => {
      try {
        setOutcome({
          done: true,
          message: (await resetPassword({ token, newPassword, ...(removeFactors ? { removeFactors } : {}) })).message,
        });
      } catch (error) {
        if (errorCode(error) === 'resetLinkInvalid')
          setOutcome({ done: false, message: serverMessage(error, PASSWORD_RESET_TEXTS.linkInvalid) });
        else failureToast('Kunne ikke endre passord', serverMessage(error, 'Prøv igjen om litt.'));
      }
    },
  });

  // The outcome replaces the form: focus goes to it, so it is read out and Tab goes on from there.
  useEffect(() => {
    if (outcome && token) said.current?.focus();
  }, [outcome, token]);

  return (
    <AuthLayout title="Nytt passord">
      {outcome?.done ? (
        <>
          <p ref={said} tabIndex={-1} className="notice" role="status" data-testid="reset-done">
            {outcome.message}
          </p>
          <Link to="/login" className="button button-block" data-testid="reset-to-login">
            Gå til innlogging
          </Link>
        </>
      ) : outcome ? (
        <>
          <p ref={said} tabIndex={-1} className="notice notice-error" role="alert" data-testid="reset-invalid">
            {outcome.message}
          </p>
          <nav className="auth-links" aria-label="Andre valg">
            <Link to={FORGOT_PASSWORD_PATH}>Be om en ny lenke</Link>
            <Link to="/login">Tilbake til innlogging</Link>
          </nav>
        </>
      ) : (
        <form className="form" onSubmit={form.onSubmit} noValidate data-testid="reset-form">
          {/* The account's name is unknown here: the browser's password manager files it under this site. */}
          <TextField
            label="Nytt passord"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            hint={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
            {...form.field('newPassword')}
            data-testid="reset-new-password"
          />
          <TextField
            label="Bekreft nytt passord"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
            data-testid="reset-confirm-password"
          />
          <RemoveFactorsField checked={removeFactors} onChange={setRemoveFactors} />
          <button type="submit" className="button button-block" disabled={form.busy} data-testid="reset-submit">
            {form.busy ? 'Lagrer...' : 'Lagre nytt passord'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
