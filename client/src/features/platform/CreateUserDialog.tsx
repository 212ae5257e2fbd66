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
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
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

/** A new user, approved at once, with role Admin (default) or Tilsynsvakt. */
export function CreateUserDialog({ open, onOpenChange, schools, fixedSchool }: CreateUserDialogProps) {
  const id = useId();
  const form = useSchemaForm<keyof CreateUserBody, CreateUserBody>({
    schema: createUserBodySchema,
    // On a school's page the school is given, not chosen.
    initial: { ...EMPTY, schoolId: fixedSchool?.id ?? '' },
    // A missing field sends nothing and says nothing (spec §5); a wrong one says why under itself.
    onInvalid: errorsOfFilledFields,
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
      onOpenChange={onOpenChange}
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
            />
          </div>
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          label="Opprett bruker"
          busyLabel="Oppretter..."
          busy={form.busy}
          testId="create-user-submit"
        />
      </form>
    </Modal>
  );
}
