import { useState } from 'react';
import { ROLL_CALL_NOTE_MAX_LENGTH, ROLL_CALL_TEXTS, rollCountText, type RollCounts } from '#protocol';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { TextAreaField } from '../../ui/TextField';

interface FinishRollDialogProps {
  counts: RollCounts;
  onFinish(note: string): void;
  onClose(): void;
}

/** 'Avslutt opptelling': with students not counted or not found, what was done is written down first. */
export function FinishRollDialog({ counts, onFinish, onClose }: FinishRollDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteNeeded = counts.unmarked > 0 || counts.missing > 0;

  function finish() {
    if (noteNeeded && !note.trim()) return setError(ROLL_CALL_TEXTS.noteNeeded);
    if (note.trim().length > ROLL_CALL_NOTE_MAX_LENGTH) return setError(`Notatet kan være maks ${ROLL_CALL_NOTE_MAX_LENGTH} tegn`);
    onFinish(note.trim());
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Avslutt opptelling"
      description={`${rollCountText(counts)}${counts.unmarked > 0 ? `, ${counts.unmarked} ikke telt` : ''}.`}
      testId="roll-finish-dialog"
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          finish();
        }}
      >
        <TextAreaField
          label={noteNeeded ? 'Hva ble gjort?' : 'Notat (valgfritt)'}
          hint={noteNeeded ? 'For elevene som ikke er telt eller ikke ble funnet.' : undefined}
          value={note}
          rows={4}
          maxLength={ROLL_CALL_NOTE_MAX_LENGTH}
          error={error}
          onChange={(event) => {
            setError(undefined);
            setNote(event.target.value);
          }}
          data-testid="roll-finish-note"
        />
        <DialogActions onCancel={onClose} label="Avslutt opptelling" busy={false} testId="roll-finish-confirm" />
      </form>
    </Modal>
  );
}
