import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { landingPath, oidcRegisterBodySchema, type OidcRegisterBody, type OidcRegistration } from '#protocol';
import { serverMessage } from '../../api/http';
import { useAuthStore } from '../../stores/authStore';
import { useLoaded } from '../../stores/useLoaded';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { AuthLayout } from '../../ui/AuthLayout';
import { registerWithProvider } from './oidcApi';
import { useOidcRegistrationStore } from './oidcRegistrationStore';
import { useSchoolOptions } from '../schools/useSchoolOptions';

const TITLE = 'Opprett ny konto';

/**
 * /register?med=feide: someone the provider knows but this app does not. Name and e-mail come
 * filled in from the provider (the e-mail as it vouched for it, not to be changed); they choose
 * the school and wait for approval, signed in to their status screen meanwhile, with no password.
 */
export function OidcRegisterForm() {
  const { loaded, failed } = useLoaded(useOidcRegistrationStore, '');
  const registration = useOidcRegistrationStore((state) => state.data);
  if (failed) {
    return (
      <AuthLayout title={TITLE}>
        <p className="notice notice-error" role="alert" data-testid="oidc-register-expired">
          Innloggingen er utløpt. Begynn på nytt fra innloggingssiden.
        </p>
        <nav className="auth-links" aria-label="Andre valg">
          <Link to="/login">Tilbake til innlogging</Link>
        </nav>
      </AuthLayout>
    );
  }
  if (!loaded || !registration) {
    return (
      <AuthLayout title={TITLE}>
        <p className="muted" role="status">
          Henter opplysninger fra innloggingen...
        </p>
      </AuthLayout>
    );
  }
  return <RegistrationForm registration={registration} />;
}

function RegistrationForm({ registration }: { registration: OidcRegistration }) {
  const navigate = useNavigate();
  const beginSession = useAuthStore((state) => state.beginSession);
  const schoolOptions = useSchoolOptions();
  const schoolFieldId = useId();
  const form = useSchemaForm<keyof OidcRegisterBody, OidcRegisterBody>({
    schema: oidcRegisterBodySchema,
    initial: { schoolId: '', name: registration.name },
    onInvalid: (errors) => (errors.schoolId ? { ...errors, schoolId: 'Velg en skole' } : errors),
    onValid: async (body) => {
      try {
        const session = await registerWithProvider(body);
        toast({ title: 'Registrering fullført', description: 'Kontoen venter på godkjenning fra skolens administrator.' });
        beginSession(session);
        navigate(landingPath(session.user.role), { replace: true });
      } catch (error) {
        toast({ title: 'Feil', description: serverMessage(error, 'Kunne ikke registrere bruker'), variant: 'destructive' });
      }
    },
  });
  const { values, errors } = form;
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
    <AuthLayout title={TITLE}>
      <p className="muted" data-testid="oidc-register-intro">
        Du er logget inn hos {registration.providerName}, men har ingen konto her ennå. Velg skolen din; kontoen blir aktiv når skolens
        administrator har godkjent den. Du trenger ikke noe eget passord.
      </p>
      <form className="form" onSubmit={form.onSubmit} noValidate data-testid="oidc-register-form">
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
          value={registration.email}
          readOnly
          hint={`Fra ${registration.providerName}`}
          data-testid="register-email"
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
