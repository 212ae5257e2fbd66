import { useId, useState } from 'react';
import { isValidDay, type RegisterStudentRecord } from '#protocol';
import { serverMessage } from '../../api/http';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toastStore';
import { useToday } from '../../ui/useToday';
import { registerActions } from './registerStore';

/** 'Sluttet': from which day the student is off every list. Kept in the register until the school's retention period has passed. */
export function LeaveDialog({ student, schoolId, onClose }: { student: RegisterStudentRecord; schoolId: string | null; onClose(): void }) {
  const id = useId();
  const today = useToday();
  const [leftAt, setLeftAt] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${student.firstName} ${student.lastName}`;

  async function confirm() {
    if (!isValidDay(leftAt)) return setError('Velg datoen eleven sluttet.');
    setBusy(true);
    try {
      await registerActions.leave(student.id, leftAt, schoolId);
      toast({ title: `${name} er registrert som sluttet` });
      onClose();
    } catch (failure) {
      setError(serverMessage(failure, 'Kunne ikke lagre. Prøv igjen.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${name} har sluttet`}
      description="Fra denne datoen er eleven ikke med på listene. Opplysningene slettes når skolens lagringstid er ute."
      testId="register-leave-dialog"
    >
      <div className="form">
        <div className="field">
          <label className="field-label" htmlFor={id}>
            Sluttdato
          </label>
          <input
            id={id}
            type="date"
            className="input"
            value={leftAt}
            onChange={(event) => {
              setError(null);
              setLeftAt(event.target.value);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="register-left-at"
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <DialogActions
          onCancel={onClose}
          label="Registrer som sluttet"
          busyLabel="Lagrer..."
          busy={busy}
          onConfirm={() => void confirm()}
          testId="register-leave-confirm"
        />
      </div>
    </Modal>
  );
}
