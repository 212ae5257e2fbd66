import { useState } from 'react';
import { CLASS_NAME_MAX_LENGTH, renameClassBodySchema, type RenameClassBody, type SchoolClass } from '#protocol';
import { serverMessage } from '../../api/http';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { classActions } from './classesStore';

interface RenameClassDialogProps {
  schoolClass: SchoolClass;
  /** null for an Admin's own school. */
  schoolId: string | null;
  onClose(): void;
}

/**
 * 'Endre navn' on a class (issue 45): the new name is checked as a new class's is (not empty,
 * unique in the school); a name the server refuses says why under the field, and the dialog stays.
 */
export function RenameClassDialog({ schoolClass, schoolId, onClose }: RenameClassDialogProps) {
  const [refused, setRefused] = useState<string | undefined>();
  const form = useSchemaForm<keyof RenameClassBody, RenameClassBody>({
    schema: renameClassBodySchema,
    initial: { className: schoolClass.className },
    onValid: async ({ className }) => {
      if (className === schoolClass.className) return onClose();
      try {
        await classActions.rename(schoolClass, className, schoolId);
        toast({ title: 'Klassen har fått nytt navn' });
        onClose();
      } catch (error) {
        setRefused(serverMessage(error, 'Kunne ikke endre navnet. Prøv igjen.'));
      }
    },
  });
  const field = form.field('className');

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Endre navn på ${schoolClass.className}`}
      description="Klassen beholder turene den er med på; de viser det nye navnet."
      testId="rename-class-dialog"
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Nytt klassenavn"
          {...field}
          onChange={(event) => {
            setRefused(undefined);
            field.onChange(event);
          }}
          error={field.error ?? refused}
          maxLength={CLASS_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="rename-class-name"
        />
        <DialogActions onCancel={onClose} label="Lagre navn" busyLabel="Lagrer..." busy={form.busy} testId="rename-class-submit" />
      </form>
    </Modal>
  );
}
