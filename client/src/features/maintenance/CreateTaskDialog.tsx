import { useId, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX_LENGTH, MAINTENANCE_TEXTS, ROOM_NUMBER_MAX_LENGTH } from '../../../../protocol/src';
import { serverMessage } from '../../api/http';
import { useIdempotencyKey } from '../../api/idempotency';
import { createMaintenanceTask } from '../../api/maintenance';
import { taskCreated } from '../../stores/maintenanceStore';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** '' for an Admin or Vaktmester (their own school), the chosen school's id for the Plattformadministrator. */
  scope: string;
  /** The success toast: 'Vedlikeholdsoppgave opprettet' (admin screen) or 'Oppgave opprettet' (caretaker). */
  successTitle: string;
}

type Errors = { roomNumber?: string; description?: string };

/** 'Ny oppgave': room number and description, both required after trimming (spec §5). */
export function CreateTaskDialog({ open, onOpenChange, scope, successTitle }: CreateTaskDialogProps) {
  const [roomNumber, setRoomNumber] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const once = useIdempotencyKey();
  const descriptionId = useId();

  function change(next: boolean) {
    if (!next) setErrors({});
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = { roomNumber: roomNumber.trim(), description: description.trim() };
    const found: Errors = {
      roomNumber: body.roomNumber ? undefined : MAINTENANCE_TEXTS.roomRequired,
      description: body.description ? undefined : MAINTENANCE_TEXTS.descriptionRequired,
    };
    setErrors(found);
    if (found.roomNumber || found.description) return;
    setBusy(true);
    try {
      taskCreated(await createMaintenanceTask(body, scope || null, once.headers()), true);
      once.done();
      toast({ title: successTitle });
      setRoomNumber('');
      setDescription('');
      change(false);
    } catch (error) {
      failureToast('Kunne ikke opprette oppgave', serverMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  const descriptionError = errors.description;
  return (
    <Modal open={open} onOpenChange={change} title="Ny oppgave" testId="create-task-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Romnummer"
          value={roomNumber}
          onChange={(event) => {
            setRoomNumber(event.target.value);
            if (errors.roomNumber) setErrors({ ...errors, roomNumber: undefined });
          }}
          error={errors.roomNumber}
          maxLength={ROOM_NUMBER_MAX_LENGTH}
          autoComplete="off"
          data-testid="task-room"
        />
        <div className="field">
          <label className="field-label" htmlFor={descriptionId}>
            Beskrivelse
          </label>
          <textarea
            id={descriptionId}
            className="input textarea"
            rows={4}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              if (descriptionError) setErrors({ ...errors, description: undefined });
            }}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
            maxLength={DESCRIPTION_MAX_LENGTH}
            data-testid="task-description-input"
          />
          {descriptionError && (
            <p id={`${descriptionId}-error`} className="field-error">
              {descriptionError}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => change(false)}>
            Avbryt
          </button>
          <button type="submit" className="button" disabled={busy} data-testid="create-task-submit">
            {busy ? 'Oppretter...' : 'Opprett oppgave'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
