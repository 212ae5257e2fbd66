import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { OIDC_REGISTER_PARAM } from '#protocol/oidc';
import { OidcRegisterForm } from '../oidc/OidcRegisterForm';
import { landingPath, PASSWORD_MIN_LENGTH, registerBodySchema, type RegisterBody } from '#protocol';
import { login, register } from '../../api/auth';
import { serverMessage } from '../../api/http';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { AuthLayout } from '../../ui/AuthLayout';
import { SelectField } from '../../ui/SelectField';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { useSchoolOptions } from '../schools/useSchoolOptions';

type Field = keyof RegisterBody;

/** /register; /register?med=feide: the identity a provider vouched for, registering without a password. */
export function RegisterPage() {
  const [search] = useSearchParams();
  return search.has(OIDC_REGISTER_PARAM) ? <OidcRegisterForm /> : <PasswordRegisterPage />;
}

function PasswordRegisterPage() {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  const schoolOptions = useSchoolOptions();
  const schoolFieldId = useId();
  const form = useSchemaForm<Field, RegisterBody>({
    schema: registerBodySchema,
    initial: { schoolId: '', name: '', email: '', password: '' },
    // An empty school is 'not chosen', not the id rule's 'Ugyldig id'.
    onInvalid: (errors) => (errors.schoolId ? { ...errors, schoolId: 'Velg en skole' } : errors),
    onValid: createAccount,
  });
  const { values, errors } = form;

  async function createAccount(body: RegisterBody) {
    try {
      const response = await register(body);
      toast({ title: 'Registrering fullført', description: response.message });
    } catch (error) {
      toast({ title: 'Feil', description: serverMessage(error, 'Kunne ikke registrere bruker'), variant: 'destructive' });
      return;
    }
    // Sign the new user in at once, so they see the waiting screen instead of a login form.
    try {
      const session = await login({ email: body.email, password: body.password });
      beginSession(session);
      navigate(landingPath(session.user.role), { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  }

  const schools = schoolOptions.status === 'ready' ? schoolOptions.schools : [];
  const schoolHint =
    schoolOptions.status === 'loading'
      ? 'Laster skoler...'
      : schoolOptions.status === 'error'
        ? 'Kunne ikke laste skoler. Last inn siden på nytt.'
        : schools.length === 0
          ? 'Ingen skoler er tilgjengelige ennå.'
          : undefined;

  return (
    <AuthLayout title="Opprett ny konto">
      <form className="form" onSubmit={form.onSubmit} noValidate data-testid="register-form">
        <div className="field">
          <label className="field-label" htmlFor={schoolFieldId}>
            Skole
          </label>
          <SelectField
            id={schoolFieldId}
            testId="register-school"
            placeholder="Velg skole"
            value={values.schoolId}
            onChange={(value) => form.setValue('schoolId', value)}
            options={schools.map((school) => ({ value: school.id, label: school.name }))}
            disabled={schools.length === 0}
            invalid={!!errors.schoolId}
            describedBy={errors.schoolId || schoolHint ? `${schoolFieldId}-note` : undefined}
          />
          {(errors.schoolId || schoolHint) && (
            <p id={`${schoolFieldId}-note`} className={errors.schoolId ? 'field-error' : 'field-hint'}>
              {errors.schoolId ?? schoolHint}
            </p>
          )}
        </div>
        <TextField label="Fullt navn" name="name" autoComplete="name" {...form.field('name')} data-testid="register-name" />
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
          data-testid="register-email"
        />
        <TextField
          label="Passord"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
          {...form.field('password')}
          data-testid="register-password"
        />
        <button type="submit" className="button button-block" disabled={form.busy} data-testid="register-submit">
          {form.busy ? 'Oppretter konto...' : 'Opprett konto'}
        </button>
      </form>
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
