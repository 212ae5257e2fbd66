import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { landingPath, PASSWORD_MIN_LENGTH, registerBodySchema, type RegisterBody } from '#protocol';
import { login, register } from '../../api/auth';
import { serverMessage } from '../../api/http';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { AuthLayout } from './AuthLayout';
import { SelectField } from '../../ui/SelectField';
import { useSchoolOptions } from './useSchoolOptions';

type Field = keyof RegisterBody;
type Errors = Partial<Record<Field, string>>;

function validate(values: Record<Field, string>): { body: RegisterBody } | { errors: Errors } {
  const parsed = registerBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= field === 'schoolId' ? 'Velg en skole' : issue.message;
  }
  return { errors };
}

export function RegisterPage() {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  const schoolOptions = useSchoolOptions();
  const schoolFieldId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ schoolId: '', name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const setValue = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validate(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const response = await register(result.body);
      toast({ title: 'Registrering fullført', description: response.message });
    } catch (error) {
      toast({ title: 'Feil', description: serverMessage(error, 'Kunne ikke registrere bruker'), variant: 'destructive' });
      setSubmitting(false);
      return;
    }
    // Sign the new user in at once, so they see the waiting screen instead of a login form.
    try {
      const session = await login({ email: result.body.email, password: result.body.password });
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
      <form className="form" onSubmit={onSubmit} noValidate data-testid="register-form">
        <div className="field">
          <label className="field-label" htmlFor={schoolFieldId}>
            Skole
          </label>
          <SelectField
            id={schoolFieldId}
            testId="register-school"
            placeholder="Velg skole"
            value={values.schoolId}
            onChange={setValue('schoolId')}
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
        <TextField
          label="Fullt navn"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValue('name')(event.target.value)}
          error={errors.name}
          data-testid="register-name"
        />
        <TextField
          label="E-post"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(event) => setValue('email')(event.target.value)}
          error={errors.email}
          data-testid="register-email"
        />
        <TextField
          label="Passord"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setValue('password')(event.target.value)}
          hint={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
          error={errors.password}
          data-testid="register-password"
        />
        <button type="submit" className="button button-block" disabled={submitting} data-testid="register-submit">
          {submitting ? 'Oppretter konto...' : 'Opprett konto'}
        </button>
      </form>
      <nav className="auth-links" aria-label="Andre valg">
        <Link to="/login">Tilbake til innlogging</Link>
      </nav>
    </AuthLayout>
  );
}
