import { useState, type FormEvent } from 'react';
import { homePath, PASSWORD_MIN_LENGTH } from '#protocol';
import { changePassword } from '../../api/auth';
import { serverMessage } from '../../api/http';
import { useCurrentUser } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';

const EMPTY = { current: '', next: '', confirm: '' };

export function ChangePasswordPage() {
  const user = useCurrentUser();
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  const fail = (description: string) => toast({ title: 'Feil', description, variant: 'destructive' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (values.next !== values.confirm) return fail('Nye passord stemmer ikke overens');
    if (values.next.length < PASSWORD_MIN_LENGTH) return fail('Nytt passord må være minst 6 tegn');
    setSubmitting(true);
    try {
      const response = await changePassword({ currentPassword: values.current, newPassword: values.next });
      toast({ title: 'Passord endret', description: response.message });
      setValues(EMPTY);
    } catch (error) {
      fail(serverMessage(error, 'Kunne ikke endre passord'));
    } finally {
      setSubmitting(false);
    }
  }

  const field = (key: keyof typeof EMPTY) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <div className="app-shell">
      <AppHeader title="Endre passord" backTo={homePath(user.role)} />
      <main className="page page-narrow">
        <form className="card form" onSubmit={onSubmit} data-testid="change-password-form">
          <TextField
            label="Nåværende passord"
            type="password"
            autoComplete="current-password"
            required
            data-testid="current-password"
            {...field('current')}
          />
          <TextField
            label="Nytt passord"
            type="password"
            autoComplete="new-password"
            required
            hint={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
            data-testid="new-password"
            {...field('next')}
          />
          <TextField
            label="Bekreft nytt passord"
            type="password"
            autoComplete="new-password"
            required
            data-testid="confirm-password"
            {...field('confirm')}
          />
          <button type="submit" className="button button-block" disabled={submitting} data-testid="change-password-submit">
            {submitting ? 'Endrer passord...' : 'Endre passord'}
          </button>
        </form>
      </main>
    </div>
  );
}
