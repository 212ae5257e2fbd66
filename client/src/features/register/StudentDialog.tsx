import { useId, useMemo, useState } from 'react';
import {
  addRegisterStudentBodySchema,
  CONTACT_NOTE_MAX_LENGTH,
  REGISTER_TEXT_MAX_LENGTH,
  registerStudentSchema,
  STUDENT_NAME_MAX_LENGTH,
  type RegisterStudentRecord,
} from '#protocol';
import { conflictCurrent, serverMessage } from '../../api/http';
import { useLoaded } from '../../stores/useLoaded';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField, TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { byClassName } from '../classes/byClassName';
import { useClassesStore } from '../classes/classesStore';
import { registerActions, useRegisterStore } from './registerStore';

/** The form's text fields, checked by the server's own rules. */
const textSchema = addRegisterStudentBodySchema.pick({
  firstName: true,
  lastName: true,
  house: true,
  room: true,
  externalId: true,
  contactNote: true,
});
type TextBody = typeof textSchema._output;
type TextName = keyof TextBody;
const NO_CLASS = 'ingen';

interface StudentDialogProps {
  /** null: a new student. */
  student: RegisterStudentRecord | null;
  schoolId: string | null;
  scope: string;
  onClose(): void;
}

/** 'Legg til elev' and 'Endre' (also a move of room): a change made on an older version is refused, not written over. */
export function StudentDialog({ student, schoolId, scope, onClose }: StudentDialogProps) {
  useLoaded(useClassesStore, scope);
  const classesById = useClassesStore((state) => state.byId);
  const classOptions = useMemo(
    () => [
      { value: NO_CLASS, label: 'Ingen klasse' },
      ...Object.values(classesById)
        .sort(byClassName)
        .map((c) => ({ value: c.id, label: c.className })),
    ],
    [classesById],
  );
  const id = useId();
  const [classId, setClassId] = useState(student?.classId ?? NO_CLASS);
  const [boarder, setBoarder] = useState(student?.boarder ?? true);
  const [baseVersion, setBaseVersion] = useState(student?.version);
  const [refused, setRefused] = useState<string | null>(null);

  const form = useSchemaForm<TextName, TextBody>({
    schema: textSchema,
    initial: {
      firstName: student?.firstName ?? '',
      lastName: student?.lastName ?? '',
      house: student?.house ?? '',
      room: student?.room ?? '',
      externalId: student?.externalId ?? '',
      contactNote: student?.contactNote ?? '',
    },
    onValid: async (text) => {
      setRefused(null);
      const body = { ...text, classId: classId === NO_CLASS ? null : classId, boarder };
      try {
        if (student) await registerActions.edit(student.id, { ...body, baseVersion }, schoolId);
        else await registerActions.add(body, schoolId);
        toast({ title: student ? 'Eleven er lagret' : 'Eleven er lagt til i elevregisteret' });
        onClose();
      } catch (error) {
        const current = conflictCurrent(error, registerStudentSchema);
        if (current) {
          // What the other person saved is in the list; what was typed here stays, to be looked over and saved on top.
          useRegisterStore.getState().put(current);
          setBaseVersion(current.version);
        }
        setRefused(serverMessage(error, 'Kunne ikke lagre eleven. Prøv igjen.'));
      }
    },
  });
  const name = student ? `${student.firstName} ${student.lastName}` : '';

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={student ? `Endre ${name}` : 'Legg til elev'}
      description="Tilsynsvaktene ser navn, klasse, internat og rom. Elevnummer og hvem som skal kontaktes ser bare administratorene."
      testId="register-student-dialog"
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        {refused && (
          <p className="field-error" role="alert" data-testid="register-student-refused">
            {refused}
          </p>
        )}
        <div className="register-fields">
          <TextField
            label="Fornavn"
            {...form.field('firstName')}
            maxLength={STUDENT_NAME_MAX_LENGTH}
            autoComplete="off"
            data-testid="register-first-name"
          />
          <TextField
            label="Etternavn"
            {...form.field('lastName')}
            maxLength={STUDENT_NAME_MAX_LENGTH}
            autoComplete="off"
            data-testid="register-last-name"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-class`}>
            Klasse
          </label>
          <SelectField id={`${id}-class`} value={classId} onChange={setClassId} options={classOptions} testId="register-class" />
        </div>
        <div className="register-fields">
          <TextField
            label="Internat"
            {...form.field('house')}
            maxLength={REGISTER_TEXT_MAX_LENGTH}
            autoComplete="off"
            data-testid="register-house"
          />
          <TextField
            label="Rom"
            {...form.field('room')}
            maxLength={REGISTER_TEXT_MAX_LENGTH}
            autoComplete="off"
            data-testid="register-room"
          />
        </div>
        <label className="register-check">
          <input type="checkbox" checked={boarder} onChange={(event) => setBoarder(event.target.checked)} data-testid="register-boarder" />
          <span>Bor på internatet</span>
        </label>
        <TextField
          label="Elevnummer (valgfritt)"
          {...form.field('externalId')}
          maxLength={REGISTER_TEXT_MAX_LENGTH}
          hint="Fra skolens administrative system. Brukes til å kjenne igjen eleven ved import."
          autoComplete="off"
          data-testid="register-external-id"
        />
        <TextAreaField
          label="Hvem som skal kontaktes (valgfritt)"
          {...form.field('contactNote')}
          maxLength={CONTACT_NOTE_MAX_LENGTH}
          rows={2}
          data-testid="register-contact-note"
        />
        <DialogActions
          onCancel={onClose}
          label={student ? 'Lagre' : 'Legg til'}
          busyLabel="Lagrer..."
          busy={form.busy}
          testId="register-student-submit"
        />
      </form>
    </Modal>
  );
}
