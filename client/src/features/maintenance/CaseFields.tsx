import { useState } from 'react';
import { DESCRIPTION_MAX_LENGTH, ROOM_NUMBER_MAX_LENGTH, type CreateMaintenanceTaskBody } from '#protocol';
import { TextAreaField, TextField } from '../../ui/TextField';

export type CaseErrors = { roomNumber?: string; description?: string };

/** What is typed into a case form; `body()` is what is sent (trimmed), `clear()` after it was made. */
export function useCaseDraft() {
  const [roomNumber, setRoomNumber] = useState('');
  const [description, setDescription] = useState('');
  return {
    roomNumber,
    description,
    setRoomNumber,
    setDescription,
    body: (): CreateMaintenanceTaskBody => ({ roomNumber: roomNumber.trim(), description: description.trim() }),
    clear() {
      setRoomNumber('');
      setDescription('');
    },
  };
}

export type CaseDraft = ReturnType<typeof useCaseDraft>;

type CaseFieldsProps = {
  draft: CaseDraft;
  errors?: CaseErrors;
  /** Called when a field is typed in (an error on it goes away). */
  onEdit?(field: keyof CaseErrors): void;
  /** The test ids' prefix: 'task' (the caretaker's and admin's dialog) or 'case' (the board's). */
  testId: 'task' | 'case';
};

/** Romnummer and Beskrivelse: the fields of every case form (spec §5). */
export function CaseFields({ draft, errors = {}, onEdit, testId }: CaseFieldsProps) {
  return (
    <>
      <TextField
        label="Romnummer"
        value={draft.roomNumber}
        onChange={(event) => {
          draft.setRoomNumber(event.target.value);
          onEdit?.('roomNumber');
        }}
        error={errors.roomNumber}
        maxLength={ROOM_NUMBER_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="next"
        data-testid={`${testId}-room`}
      />
      <TextAreaField
        label="Beskrivelse"
        rows={4}
        value={draft.description}
        onChange={(event) => {
          draft.setDescription(event.target.value);
          onEdit?.('description');
        }}
        error={errors.description}
        maxLength={DESCRIPTION_MAX_LENGTH}
        data-testid={testId === 'task' ? 'task-description-input' : 'case-description'}
      />
    </>
  );
}
