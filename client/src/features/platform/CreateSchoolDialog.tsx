import { createSchoolBodySchema, SCHOOL_NAME_MAX_LENGTH, type CreateSchoolBody } from '#protocol';
import { platformSchoolActions } from '../schools/schoolsStore';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
import { platformFailure } from './platformToasts';
import { DialogActions } from '../../ui/DialogActions';

export function CreateSchoolDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const form = useSchemaForm<'name', CreateSchoolBody>({
    schema: createSchoolBodySchema,
    initial: { name: '' },
    // An empty name sends nothing and says nothing (spec §5).
    onInvalid: errorsOfFilledFields,
    onValid: async ({ name }) => {
      try {
        await platformSchoolActions.create(name);
        toast({ title: 'Skole opprettet' });
        form.reset();
        onOpenChange(false);
      } catch (error) {
        platformFailure(error, 'Kunne ikke opprette skole');
      }
    },
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Opprett ny skole" testId="create-school-dialog">
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Skolenavn"
          {...form.field('name')}
          maxLength={SCHOOL_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="school-name"
        />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          label="Opprett skole"
          busyLabel="Oppretter..."
          busy={form.busy}
          testId="create-school-submit"
        />
      </form>
    </Modal>
  );
}
