import { REJECT_REASON_MAX_LENGTH, rejectReasonSchema, type MaintenanceTask } from '#protocol';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { TextAreaField } from '../../ui/TextField';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { roomLabel } from './taskLabels';

interface RejectDialogProps {
  /** The case being rejected; the dialog is closed while there is none. */
  task: MaintenanceTask | null;
  onClose(): void;
  /** Rejects with the reason ('' for none); true when it was done. */
  onReject(task: MaintenanceTask, reason: string): Promise<boolean>;
}

/** 'Avslå': asks why (optional), so the person who sent the case reads the reason on 'Mine saker'. */
export function RejectDialog({ task, onClose, onReject }: RejectDialogProps) {
  const form = useSchemaForm<'reason', { reason?: string }>({
    schema: rejectReasonSchema,
    initial: { reason: '' },
    onValid: async ({ reason }) => {
      if (!task) return;
      if (await onReject(task, reason ?? '')) close();
    },
  });

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Modal
      open={task !== null}
      onOpenChange={(open) => !open && !form.busy && close()}
      title={task ? `Avslå sak: ${roomLabel(task)}` : 'Avslå sak'}
      description="Den som sendte saken ser begrunnelsen under Mine saker."
      testId="reject-dialog"
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextAreaField
          label="Begrunnelse (valgfritt)"
          rows={3}
          {...form.field('reason')}
          maxLength={REJECT_REASON_MAX_LENGTH}
          data-testid="reject-reason"
        />
        <DialogActions onCancel={close} label="Avslå" busyLabel="Avslår..." busy={form.busy} holdCancel testId="reject-submit" />
      </form>
    </Modal>
  );
}
