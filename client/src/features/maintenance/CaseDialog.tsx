import type { CreateMaintenanceTaskBody } from '#protocol';
import { useIdempotencyKey } from '../../api/idempotency';
import { submitCase } from './caseApi';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { CASE_FORM, CaseFields, type CaseField } from './CaseFields';
import { DialogActions } from '../../ui/DialogActions';
import { useSchemaForm } from '../../ui/useSchemaForm';

interface CaseDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Send sak til vaktmester' (Tilsynsvakt): room and description, both required after trimming. */
export function CaseDialog({ open, onOpenChange }: CaseDialogProps) {
  const once = useIdempotencyKey();
  const form = useSchemaForm<CaseField, CreateMaintenanceTaskBody>({
    ...CASE_FORM,
    // Spec §5: one toast for the form, nothing under the fields.
    onInvalid: () => {
      toast({ title: 'Vennligst fyll ut både romnummer og beskrivelse', variant: 'destructive' });
    },
    onValid: async (body) => {
      try {
        await submitCase(body, once.headers());
        once.done();
        toast({ title: 'Sak sendt til vaktmester' });
        form.reset();
        onOpenChange(false);
      } catch {
        // What was typed stays in the fields for another try.
        failureToast('Kunne ikke sende sak. Prøv igjen.');
      }
    },
  });

  return (
    <Modal open={open} onOpenChange={(next) => !form.busy && onOpenChange(next)} title="Send sak til vaktmester" testId="case-dialog">
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <CaseFields form={form} testId="case" />
        <DialogActions onCancel={() => onOpenChange(false)} label="Send til vaktmester" busy={form.busy} holdCancel testId="case-submit" />
      </form>
    </Modal>
  );
}
