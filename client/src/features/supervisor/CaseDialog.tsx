import { useId, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX_LENGTH, ROOM_NUMBER_MAX_LENGTH } from '../../../../protocol/src';
import { useIdempotencyKey } from '../../api/idempotency';
import { submitCase } from '../../api/supervisorCases';
import { Modal } from '../../ui/Modal';
import '../../ui/text.css';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';

interface CaseDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Send sak til vaktmester' (Tilsynsvakt): room and description, both required after trimming. */
export function CaseDialog({ open, onOpenChange }: CaseDialogProps) {
  const [roomNumber, setRoomNumber] = useState('');
  const [description, setDescription] = useState('');
  const [sending, setSending] = useState(false);
  const descriptionId = useId();
  const once = useIdempotencyKey();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = { roomNumber: roomNumber.trim(), description: description.trim() };
    if (!body.roomNumber || !body.description) {
      toast({ title: 'Vennligst fyll ut både romnummer og beskrivelse', variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await submitCase(body, once.headers());
      once.done();
      toast({ title: 'Sak sendt til vaktmester' });
      setRoomNumber('');
      setDescription('');
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
        <TextField
          label="Romnummer"
          value={roomNumber}
          onChange={(event) => setRoomNumber(event.target.value)}
          maxLength={ROOM_NUMBER_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="next"
          data-testid="case-room"
        />
        <div className="field">
          <label className="field-label" htmlFor={descriptionId}>
            Beskrivelse
          </label>
          <textarea
            id={descriptionId}
            className="input multiline"
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={DESCRIPTION_MAX_LENGTH}
            data-testid="case-description"
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onOpenChange(false)} disabled={sending}>
            Avbryt
          </button>
          <button type="submit" className="button" disabled={sending} data-testid="case-submit">
            Send til vaktmester
          </button>
        </div>
      </form>
    </Modal>
  );
}
