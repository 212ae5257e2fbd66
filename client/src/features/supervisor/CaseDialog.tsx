import { useState, type FormEvent } from 'react';
import { useIdempotencyKey } from '../../api/idempotency';
import { submitCase } from '../../api/supervisorCases';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { CaseFields, useCaseDraft } from '../maintenance/CaseFields';
import { DialogActions } from '../../ui/DialogActions';

interface CaseDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Send sak til vaktmester' (Tilsynsvakt): room and description, both required after trimming. */
export function CaseDialog({ open, onOpenChange }: CaseDialogProps) {
  const draft = useCaseDraft();
  const [sending, setSending] = useState(false);
  const once = useIdempotencyKey();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = draft.body();
    if (!body.roomNumber || !body.description) {
      toast({ title: 'Vennligst fyll ut både romnummer og beskrivelse', variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await submitCase(body, once.headers());
      once.done();
      toast({ title: 'Sak sendt til vaktmester' });
      draft.clear();
      onOpenChange(false);
    } catch {
      // What was typed stays in the fields for another try.
      failureToast('Kunne ikke sende sak. Prøv igjen.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={(next) => !sending && onOpenChange(next)} title="Send sak til vaktmester" testId="case-dialog">
      <form className="form" onSubmit={send} noValidate>
        <CaseFields draft={draft} testId="case" />
        <DialogActions onCancel={() => onOpenChange(false)} label="Send til vaktmester" busy={sending} holdCancel testId="case-submit" />
      </form>
    </Modal>
  );
}
