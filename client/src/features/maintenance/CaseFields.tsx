import { createMaintenanceTaskBodySchema, DESCRIPTION_MAX_LENGTH, ROOM_NUMBER_MAX_LENGTH, type CreateMaintenanceTaskBody } from '#protocol';
import { TextAreaField, TextField } from '../../ui/TextField';
import type { useSchemaForm } from '../../ui/useSchemaForm';

export type CaseField = keyof CreateMaintenanceTaskBody;

/** Every case form's schema and empty fields: the body the server checks (both trimmed and required). */
export const CASE_FORM = { schema: createMaintenanceTaskBodySchema, initial: { roomNumber: '', description: '' } };

type CaseForm = ReturnType<typeof useSchemaForm<CaseField, CreateMaintenanceTaskBody>>;

type CaseFieldsProps = {
  form: CaseForm;
  /** The test ids' prefix: 'task' (the caretaker's and admin's dialog) or 'case' (the board's). */
  testId: 'task' | 'case';
};

/**
 * Rom/sted and Beskrivelse: the fields of every case form (spec §5). The place is any room or
 * place ('Gymsal'), so the field says so (issue 44, over the spec's 'Romnummer').
 */
export function CaseFields({ form, testId }: CaseFieldsProps) {
  return (
    <>
      <TextField
        label="Rom/sted"
        {...form.field('roomNumber')}
        maxLength={ROOM_NUMBER_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="next"
        data-testid={`${testId}-room`}
      />
      <TextAreaField
        label="Beskrivelse"
        rows={4}
        {...form.field('description')}
        maxLength={DESCRIPTION_MAX_LENGTH}
        data-testid={testId === 'task' ? 'task-description-input' : 'case-description'}
      />
    </>
  );
}
