import type { CreateMaintenanceTaskBody } from '#protocol';
import { serverMessage } from '../../api/http';
import { useIdempotencyKey } from '../../api/idempotency';
import { taskActions } from './maintenanceStore';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { CASE_FORM, CaseFields, type CaseField } from './CaseFields';
import { DialogActions } from '../../ui/DialogActions';
import { useSchemaForm } from '../../ui/useSchemaForm';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** '' for an Admin or Vaktmester (their own school), the chosen school's id for the Plattformadministrator. */
  scope: string;
  /** The success toast: 'Oppgave opprettet' (spec §8; its 'Vedlikeholdsoppgave opprettet' is not used: one word for one thing). */
  successTitle: string;
}

/** 'Ny oppgave': room number and description, both required after trimming (spec §5). */
export function CreateTaskDialog({ open, onOpenChange, scope, successTitle }: CreateTaskDialogProps) {
  const once = useIdempotencyKey();
  const form = useSchemaForm<CaseField, CreateMaintenanceTaskBody>({
    ...CASE_FORM,
    onValid: async (body) => {
      try {
        await taskActions.create(body, scope, once.headers());
        once.done();
        toast({ title: successTitle });
        form.reset();
        change(false);
      } catch (error) {
        failureToast('Kunne ikke opprette oppgave', serverMessage(error, ''));
      }
    },
  });

  function change(next: boolean) {
    if (!next) form.clearErrors();
    onOpenChange(next);
  }

  return (
    <Modal open={open} onOpenChange={change} title="Ny oppgave" testId="create-task-dialog">
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <CaseFields form={form} testId="task" />
        <DialogActions
          onCancel={() => change(false)}
          label="Opprett sak"
          busyLabel="Oppretter..."
          busy={form.busy}
          testId="create-task-submit"
        />
      </form>
    </Modal>
  );
}
