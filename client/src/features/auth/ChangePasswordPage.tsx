import { useState } from 'react';
import { changePasswordFormSchema, homePath, PASSWORD_MIN_LENGTH, type ChangePasswordForm } from '#protocol';
import { changePassword } from '../../api/auth';
import { serverMessage } from '../../api/http';
import { RemoveFactorsField } from './RemoveFactorsField';
import './auth.css';
import { useCurrentUser } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';

type Field = keyof ChangePasswordForm;

export function ChangePasswordPage() {
  const user = useCurrentUser();
  const [removeFactors, setRemoveFactors] = useState(false);
  const fail = (description: string) => toast({ title: 'Feil', description, variant: 'destructive' });
  const form = useSchemaForm<Field, ChangePasswordForm>({
    schema: changePasswordFormSchema,
    initial: { currentPassword: '', newPassword: '', confirmPassword: '' },
    // The spec tells these in a toast, the first one found, not under the fields.
    onInvalid: (errors) => {
      const [first] = Object.values(errors);
      if (first) fail(first);
    },
    onValid: async ({ currentPassword, newPassword }) => {
      try {
        const response = await changePassword({ currentPassword, newPassword, ...(removeFactors ? { removeFactors } : {}) });
        toast({ title: 'Passord endret', description: response.message });
        form.reset();
        setRemoveFactors(false);
      } catch (error) {
        fail(serverMessage(error, 'Kunne ikke endre passord'));
      }
    },
  });

  return (
    <div className="app-shell">
      <AppHeader title="Endre passord" backTo={homePath(user.role)} />
      <main className="page page-narrow">
        <form className="card form" onSubmit={form.onSubmit} data-testid="change-password-form">
          <TextField
            label="Nåværende passord"
            type="password"
            autoComplete="current-password"
            required
            data-testid="current-password"
            {...form.field('currentPassword')}
          />
          <TextField
            label="Nytt passord"
            type="password"
            autoComplete="new-password"
            required
            hint={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
            data-testid="new-password"
            {...form.field('newPassword')}
          />
          <TextField
            label="Bekreft nytt passord"
            type="password"
            autoComplete="new-password"
            required
            data-testid="confirm-password"
            {...form.field('confirmPassword')}
          />
          <RemoveFactorsField checked={removeFactors} onChange={setRemoveFactors} />
          <button type="submit" className="button button-block" disabled={form.busy} data-testid="change-password-submit">
            {form.busy ? 'Endrer passord...' : 'Endre passord'}
          </button>
        </form>
      </main>
    </div>
  );
}
