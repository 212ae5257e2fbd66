import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { forgotPasswordBodySchema, PASSWORD_RESET_TEXTS, RESET_LINK_HOURS, type ForgotPasswordBody } from '#protocol/passwordReset';
import { serverMessage } from '../../api/http';
import { TextField } from '../../ui/TextField';
import { failureToast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { AuthLayout } from '../../ui/AuthLayout';
import { fetchResetOptions, requestResetMail } from '../passwordReset/passwordResetApi';

type Options = 'loading' | 'byMail' | 'askAdmin';

/**
 * /glemt-passord: where e-mail is set up, the address gets a link (the answer is the same for any
 * address); otherwise the way back is a link from the school's administrator.
 */
export function ForgotPasswordPage() {
  const [options, setOptions] = useState<Options>('loading');
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchResetOptions().then(
      (answer) => live && setOptions(answer.byMail ? 'byMail' : 'askAdmin'),
      // Not reachable: the administrator is the way that always works.
      () => live && setOptions('askAdmin'),
    );
    return () => {
      live = false;
    };
  }, []);

  const form = useSchemaForm<keyof ForgotPasswordBody, ForgotPasswordBody>({
    schema: forgotPasswordBodySchema,
    initial: { email: '' },
    onValid: async ({ email }) => {
      try {
        setSent((await requestResetMail(email)).message);
      } catch (error) {
        failureToast('Kunne ikke sende lenke', serverMessage(error, 'Prøv igjen om litt.'));
      }
    },
  });

  return (
    <AuthLayout title="Glemt passord">
      {options === 'loading' ? (
        <p className="muted" role="status">
          Laster...
        </p>
      ) : options === 'askAdmin' ? (
        <p className="notice" data-testid="forgot-ask-admin">
          {PASSWORD_RESET_TEXTS.askAdmin} Lenken er gyldig i {RESET_LINK_HOURS} timer og kan brukes én gang.
        </p>
      ) : sent ? (
        <p className="notice" role="status" data-testid="forgot-sent">
          {sent}
        </p>
      ) : (
        <form className="form" onSubmit={form.onSubmit} noValidate data-testid="forgot-form">
          <p>Skriv inn e-postadressen til kontoen din, så sender vi en lenke for å sette nytt passord.</p>
          <TextField
            label="E-post"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            {...form.field('email')}
            data-testid="forgot-email"
          />
          <button type="submit" className="button button-block" disabled={form.busy} data-testid="forgot-submit">
            {form.busy ? 'Sender...' : 'Send lenke'}
          </button>
          <p className="muted">Finner du ikke e-posten? {PASSWORD_RESET_TEXTS.askAdmin}</p>
        </form>
      )}
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
