import { useState, type FormEvent } from 'react';
import { MAINTENANCE_TEXTS } from '#protocol';
import { serverMessage } from '../../api/http';
import { useIdempotencyKey } from '../../api/idempotency';
import { createMaintenanceTask } from '../../api/maintenance';
import { taskCreated } from '../../stores/maintenanceStore';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { CaseFields, useCaseDraft, type CaseErrors } from './CaseFields';
import { DialogActions } from '../../ui/DialogActions';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** '' for an Admin or Vaktmester (their own school), the chosen school's id for the Plattformadministrator. */
  scope: string;
  /** The success toast: 'Vedlikeholdsoppgave opprettet' (admin screen) or 'Oppgave opprettet' (caretaker). */
  successTitle: string;
}

/** 'Ny oppgave': room number and description, both required after trimming (spec §5). */
export function CreateTaskDialog({ open, onOpenChange, scope, successTitle }: CreateTaskDialogProps) {
  const draft = useCaseDraft();
  const [errors, setErrors] = useState<CaseErrors>({});
  const [busy, setBusy] = useState(false);
  const once = useIdempotencyKey();

  function change(next: boolean) {
    if (!next) setErrors({});
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = draft.body();
    const found: CaseErrors = {
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
      draft.clear();
      change(false);
    } catch (error) {
      failureToast('Kunne ikke opprette oppgave', serverMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={change} title="Ny oppgave" testId="create-task-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <CaseFields draft={draft} errors={errors} onEdit={(field) => errors[field] && setErrors({ ...errors, [field]: undefined })} testId="task" />
        <DialogActions onCancel={() => change(false)} label="Opprett oppgave" busyLabel="Oppretter..." busy={busy} testId="create-task-submit" />
      </form>
    </Modal>
  );
}
