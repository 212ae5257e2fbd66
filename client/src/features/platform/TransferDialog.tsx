import { useId } from 'react';
import { transferBodySchema, type PlatformSchool, type TransferBody, type User } from '#protocol';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { DialogActions } from '../../ui/DialogActions';
import { useSchemaForm } from '../../ui/useSchemaForm';

interface TransferDialogProps {
  user: User | null;
  /** Active schools other than the user's own. */
  schools: readonly PlatformSchool[];
  onClose(): void;
  /** True when the user was moved; the dialog stays open otherwise. */
  onTransfer(user: User, schoolId: string): Promise<boolean>;
}

/** Moves a user to another active school. */
export function TransferDialog({ user, schools, onClose, onTransfer }: TransferDialogProps) {
  const id = useId();
  const form = useSchemaForm<'schoolId', TransferBody>({
    schema: transferBodySchema,
    initial: { schoolId: '' },
    // Nothing to say: 'Flytt' is held until a school is chosen.
    onInvalid: () => undefined,
    onValid: async ({ schoolId }) => {
      if (!user || !(await onTransfer(user, schoolId))) return;
      form.reset();
      onClose();
    },
  });
  const schoolId = form.values.schoolId;
  const targets = schools.filter((school) => school.active && school.id !== user?.schoolId);

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (open) return;
        form.reset();
        onClose();
      }}
      title="Flytt bruker"
      description={user ? `Flytt ${user.name} til en annen aktiv skole.` : undefined}
      testId="transfer-dialog"
    >
      <form className="form" onSubmit={form.onSubmit}>
        {targets.length === 0 ? (
          <p className="muted">Ingen andre aktive skoler</p>
        ) : (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-school`}>
              Ny skole
            </label>
            <SelectField
              id={`${id}-school`}
              value={schoolId}
              onChange={(value) => form.setValue('schoolId', value)}
              options={targets.map((school) => ({ value: school.id, label: school.name }))}
              placeholder="Velg skole"
              testId="transfer-school"
            />
          </div>
        )}
        <DialogActions
          onCancel={onClose}
          label="Flytt"
          busyLabel="Flytter..."
          busy={form.busy}
          disabled={!schoolId}
          testId="transfer-submit"
        />
      </form>
    </Modal>
  );
}
