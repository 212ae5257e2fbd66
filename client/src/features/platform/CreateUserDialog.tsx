import { useId } from 'react';
import {
  ADMIN_ROLE,
  CREATABLE_ROLES,
  createUserBodySchema,
  PASSWORD_MIN_LENGTH,
  type CreateUserBody,
  type PlatformSchool,
} from '#protocol';
import { platformUserActions } from './platformStore';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { platformFailure } from './platformToasts';
import { DialogActions } from '../../ui/DialogActions';

interface CreateUserDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The schools to choose from (dashboard), sorted. */
  schools: readonly PlatformSchool[];
  /** On a school's page the school is given. */
  fixedSchool?: PlatformSchool;
}

const EMPTY: Record<keyof CreateUserBody, string> = { name: '', email: '', password: '', role: ADMIN_ROLE, schoolId: '' };
const ROLE_OPTIONS = CREATABLE_ROLES.map((role) => ({ value: role, label: role }));

/** A new user, approved at once, with role Admin (default), Tilsynsvakt or Vaktmester (issue 45). */
export function CreateUserDialog({ open, onOpenChange, schools, fixedSchool }: CreateUserDialogProps) {
  const id = useId();
  const form = useSchemaForm<keyof CreateUserBody, CreateUserBody>({
    schema: createUserBodySchema,
    // On a school's page the school is given, not chosen.
    initial: { ...EMPTY, schoolId: fixedSchool?.id ?? '' },
    // Nothing is sent, and every missing or wrong field says why under itself (issue 45; spec §5
    // sent nothing silently, which left the Plattformadministrator guessing: docs/decisions.md).
    onValid: async (body) => {
      try {
        await platformUserActions.create(body);
        toast({ title: 'Bruker opprettet' });
        form.reset();
        onOpenChange(false);
      } catch (error) {
        platformFailure(error, 'Kunne ikke opprette bruker');
      }
    },
  });
  const { values } = form;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        // Closed without sending: what was typed stays, the errors go.
        if (!next) form.clearErrors();
        onOpenChange(next);
      }}
      title="Opprett ny bruker"
      description={fixedSchool ? `Brukeren legges til ${fixedSchool.name} og er aktiv med en gang.` : 'Brukeren er aktiv med en gang.'}
      testId="create-user-dialog"
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField label="Navn" {...form.field('name')} autoComplete="off" data-testid="new-user-name" />
        <TextField label="E-post" type="email" {...form.field('email')} autoComplete="off" data-testid="new-user-email" />
        <TextField
          label="Passord"
          type="password"
          {...form.field('password')}
          placeholder={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
          autoComplete="new-password"
          data-testid="new-user-password"
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-role`}>
            Rolle
          </label>
          <SelectField
            id={`${id}-role`}
            value={values.role}
            onChange={(role) => form.setValue('role', role)}
            options={ROLE_OPTIONS}
            testId="new-user-role"
          />
        </div>
        {!fixedSchool && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-school`}>
              Skole
            </label>
            <SelectField
              id={`${id}-school`}
              value={values.schoolId}
              onChange={(schoolId) => form.setValue('schoolId', schoolId)}
              options={schools.map((school) => ({
                value: school.id,
                label: school.active ? school.name : `${school.name} (inaktiv)`,
              }))}
              placeholder="Velg skole"
              testId="new-user-school"
              invalid={!!form.errors.schoolId}
              describedBy={form.errors.schoolId ? `${id}-school-error` : undefined}
            />
            {form.errors.schoolId && (
              <p id={`${id}-school-error`} className="field-error" data-testid="new-user-school-error">
                {form.errors.schoolId}
              </p>
            )}
          </div>
        )}
        <DialogActions
          onCancel={() => {
            form.clearErrors();
            onOpenChange(false);
          }}
          label="Opprett bruker"
          busyLabel="Oppretter..."
          busy={form.busy}
          testId="create-user-submit"
        />
      </form>
    </Modal>
  );
}
