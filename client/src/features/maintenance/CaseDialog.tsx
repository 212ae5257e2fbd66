import type { CreateMaintenanceTaskBody } from '#protocol';
import { useIdempotencyKey } from '../../api/idempotency';
import { submitCase } from './caseApi';
import { useOwnCasesStore } from './ownCasesStore';
import { notReached } from '../../api/http';
import { enqueue, flushOutbox, mustWait } from '../../stores/outbox';
import { CASE_KIND, type WaitingCase } from './caseOutbox';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { CASE_FORM, CaseFields, type CaseField } from './CaseFields';
import { DialogActions } from '../../ui/DialogActions';
import { useSchemaForm } from '../../ui/useSchemaForm';

interface CaseDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * 'Send sak til vaktmester' (Tilsynsvakt): room and description, both required after trimming. An
 * empty field is marked at the field, as in 'Ny oppgave' (issue 44, over the spec's toast, which
 * covered Avbryt).
 */
export function CaseDialog({ open, onOpenChange }: CaseDialogProps) {
  const once = useIdempotencyKey();
  const form = useSchemaForm<CaseField, CreateMaintenanceTaskBody>({
    ...CASE_FORM,
    onValid: async (body) => {
      const headers = once.headers();
      // No network, or cases made off line still waiting before it: kept on the device, sent in turn.
      if (mustWait()) return waitWith(body, headers['Idempotency-Key']!);
      try {
        // On 'Mine saker' at once; the event that follows carries the same.
        useOwnCasesStore.getState().put(await submitCase(body, headers));
        once.done();
        toast({ title: 'Sak sendt til vaktmester' });
        form.reset();
        onOpenChange(false);
      } catch (error) {
        if (notReached(error)) return waitWith(body, headers['Idempotency-Key']!);
        // What was typed stays in the fields for another try.
        failureToast('Kunne ikke sende sak. Prøv igjen.');
      }
    },
  });

  /** Closed without sending: what was typed stays, its marks go. */
  function change(next: boolean): void {
    if (!next) form.clearErrors();
    onOpenChange(next);
  }

  function waitWith(body: CreateMaintenanceTaskBody, key: string): void {
    enqueue<WaitingCase>(CASE_KIND, { body, key });
    void flushOutbox();
    once.done();
    toast({ title: 'Saken venter på nett', description: 'Den sendes til vaktmester når du er på nett igjen.' });
    form.reset();
    onOpenChange(false);
  }

  return (
    <Modal open={open} onOpenChange={(next) => !form.busy && change(next)} title="Send sak til vaktmester" testId="case-dialog">
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <CaseFields form={form} testId="case" />
        <DialogActions onCancel={() => change(false)} label="Send til vaktmester" busy={form.busy} holdCancel testId="case-submit" />
      </form>
    </Modal>
  );
}
