import { useId, useState, type FormEvent } from 'react';
import { ADMIN_ROLE, CREATABLE_ROLES, PASSWORD_MIN_LENGTH, type PlatformSchool, type Role } from '#protocol';
import { createPlatformUser } from '../../api/platform';
import { usePlatformUsersStore } from '../../stores/platformStore';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { platformFailure } from './platformToasts';

interface CreateUserDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The schools to choose from (dashboard), sorted. */
  schools: readonly PlatformSchool[];
  /** On a school's page the school is given. */
  fixedSchool?: PlatformSchool;
}

const EMPTY = { name: '', email: '', password: '', role: ADMIN_ROLE as Role, schoolId: '' };
const ROLE_OPTIONS = CREATABLE_ROLES.map((role) => ({ value: role, label: role }));

/** A new user, approved at once, with role Admin (default) or Tilsynsvakt. */
export function CreateUserDialog({ open, onOpenChange, schools, fixedSchool }: CreateUserDialogProps) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const schoolId = fixedSchool?.id ?? values.schoolId;
  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    // Every field is required; a missing one sends nothing (spec §5).
    if (!name || !email || !values.password || !schoolId || busy) return;
    setBusy(true);
    try {
      const user = await createPlatformUser({ name, email, password: values.password, role: values.role, schoolId });
      usePlatformUsersStore.getState().put(user);
      toast({ title: 'Bruker opprettet' });
      setValues(EMPTY);
      onOpenChange(false);
    } catch (error) {
      platformFailure(error, 'Kunne ikke opprette bruker');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Opprett ny bruker"
      description={fixedSchool ? `Brukeren legges til ${fixedSchool.name} og er aktiv med en gang.` : 'Brukeren er aktiv med en gang.'}
      testId="create-user-dialog"
    >
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Navn"
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          autoComplete="off"
          data-testid="new-user-name"
        />
        <TextField
          label="E-post"
          type="email"
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          autoComplete="off"
          data-testid="new-user-email"
        />
        <TextField
          label="Passord"
          type="password"
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
          placeholder={`Minst ${PASSWORD_MIN_LENGTH} tegn`}
          autoComplete="new-password"
          data-testid="new-user-password"
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-role`}>
            Rolle
          </label>
          <SelectField id={`${id}-role`} value={values.role} onChange={set('role')} options={ROLE_OPTIONS} testId="new-user-role" />
        </div>
        {!fixedSchool && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-school`}>
              Skole
            </label>
            <SelectField
              id={`${id}-school`}
              value={values.schoolId}
              onChange={set('schoolId')}
              options={schools.map((school) => ({
                value: school.id,
                label: school.active ? school.name : `${school.name} (inaktiv)`,
              }))}
              placeholder="Velg skole"
              testId="new-user-school"
            />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onOpenChange(false)}>
            Avbryt
          </button>
          <button type="submit" className="button" disabled={busy} data-testid="create-user-submit">
            {busy ? 'Oppretter...' : 'Opprett bruker'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
