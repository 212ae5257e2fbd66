import { useId, useState } from 'react';
import { formatDayNo, isValidDay, SICK_COMMENT_MAX_LENGTH, sickStudentSchema, valueForName } from '#protocol';
import { serverMessage } from '../../api/http';
import { dayScope } from '../../stores/dayScope';
import { useSickStore } from './sickStore';
import { addSickStudent, removeSickStudent } from './sickStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { RemoveButton } from '../../ui/RemoveButton';
import { useItemActions } from '../../ui/useItemActions';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
import { StudentCombobox } from '../register/StudentCombobox';

/** The form's text fields; the register's id, when the student is chosen from it, is kept beside them. */
const sickFormSchema = sickStudentSchema.pick({ name: true, comment: true });
type SickForm = typeof sickFormSchema._output;

interface SickCardProps {
  /** '' for an Admin, the chosen school for the Plattformadministrator. */
  scope: string;
  today: string;
}

/** 'Syke' on /admin/syke-og-bortreist: the sick list of a date, add with an optional comment, remove. */
export function SickCard({ scope, today }: SickCardProps) {
  const id = useId();
  const [date, setDate] = useState(today);
  const scopeKey = dayScope(scope, date);
  const { loaded, failed, retry } = useLoaded(useSickStore, isValidDay(date) ? scopeKey : null);
  const data = useSickStore((state) => (state.scope === scopeKey ? state.data : null));
  const [studentId, setStudentId] = useState<string | null>(null);
  const form = useSchemaForm<keyof SickForm, SickForm>({
    schema: sickFormSchema,
    initial: { name: '', comment: '' },
    onInvalid: errorsOfFilledFields,
    onValid: async (student) => {
      if (!isValidDay(date)) return;
      try {
        await addSickStudent(scopeKey, { ...student, ...(studentId ? { studentId } : {}) });
        form.reset();
        setStudentId(null);
        toast({ title: 'Lagret' });
      } catch (error) {
        // What was typed stays in the form.
        failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
      }
    },
  });
  const removals = useItemActions();

  const remove = (student: string) =>
    removals.run(student, () => removeSickStudent(scopeKey, student), { success: 'Fjernet', failure: 'Kunde ikke lagre. Prøv igjen.' });

  const names = data?.names ?? [];
  return (
    <section className="card sick-away-card" aria-labelledby={`${id}-title`} data-testid="sick-card">
      <h2 id={`${id}-title`} className="section-title">
        Syke
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-date`}>
          Dato
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="input"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          data-testid="sick-date"
        />
      </div>

      {!isValidDay(date) ? (
        <p className="field-error">Velg en gyldig dato</p>
      ) : !loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster syke..." onRetry={retry} />
      ) : names.length === 0 ? (
        <p className="muted">Ingen syke elever registrert {formatDayNo(date)}</p>
      ) : (
        <ul className="row-list sick-list" aria-label={`Syke ${formatDayNo(date)}`} data-testid="sick-rows">
          {names.map((student) => {
            const note = valueForName(data!.studentComments, student);
            return (
              <li key={student} className="row sick-row" data-testid="sick-row">
                <div className="row-main">
                  <span className="row-title">{student}</span>
                  {note && <span className="row-meta">{note}</span>}
                </div>
                <RemoveButton
                  label={`Fjern ${student} fra syke`}
                  disabled={removals.anyBusy}
                  onClick={() => void remove(student)}
                  testId="sick-remove"
                />
              </li>
            );
          })}
        </ul>
      )}

      <form className="form sick-form" onSubmit={form.onSubmit} data-testid="sick-form">
        <StudentCombobox
          label="Navn"
          value={{ name: form.values.name, studentId }}
          onChange={(chosen) => {
            form.setValue('name', chosen.name);
            setStudentId(chosen.studentId);
          }}
          scope={scope}
          error={form.errors.name}
          testId="sick-name"
        />
        <TextField
          label="Kommentar (valgfritt)"
          {...form.field('comment')}
          maxLength={SICK_COMMENT_MAX_LENGTH}
          autoComplete="off"
          data-testid="sick-comment"
        />
        <button
          type="submit"
          className="button"
          disabled={form.busy || !form.values.name.trim() || !isValidDay(date)}
          data-testid="sick-add"
        >
          {form.busy ? 'Lagrer...' : 'Legg til og lagre'}
        </button>
      </form>
    </section>
  );
}
