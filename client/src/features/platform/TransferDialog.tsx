import { useId, useState, type FormEvent } from 'react';
import type { PlatformSchool, User } from '#protocol';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { DialogActions } from '../../ui/DialogActions';

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
  const [schoolId, setSchoolId] = useState('');
  const [busy, setBusy] = useState(false);
  const targets = schools.filter((school) => school.active && school.id !== user?.schoolId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !schoolId || busy) return;
    setBusy(true);
    const moved = await onTransfer(user, schoolId);
    setBusy(false);
    if (!moved) return;
    setSchoolId('');
    onClose();
  }

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (open) return;
        setSchoolId('');
        onClose();
      }}
      title="Flytt bruker"
      description={user ? `Flytt ${user.name} til en annen aktiv skole.` : undefined}
      testId="transfer-dialog"
    >
      <form className="form" onSubmit={submit}>
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
              onChange={setSchoolId}
              options={targets.map((school) => ({ value: school.id, label: school.name }))}
              placeholder="Velg skole"
              testId="transfer-school"
            />
          </div>
        )}
        <DialogActions onCancel={onClose} label="Flytt" busyLabel="Flytter..." busy={busy} disabled={!schoolId} testId="transfer-submit" />
      </form>
    </Modal>
  );
}
