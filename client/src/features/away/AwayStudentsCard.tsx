import { useId, useState } from 'react';
import { formatDayNo, STUDENT_NAME_MAX_LENGTH, studentNameSchema, valueForName } from '#protocol';
import { z } from 'zod';
import { serverMessage } from '../../api/http';
import { addStudentAway, removeStudentAway } from './awayStore';
import { dayScope } from '../../stores/dayScope';
import { useAwayStore } from './awayStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { DateRangeFields, rangeError, type DateRange } from './DateRangeFields';
import { RemoveButton } from '../../ui/RemoveButton';
import { useItemActions } from '../../ui/useItemActions';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';

const awayStudentSchema = z.object({ name: studentNameSchema });

interface AwayStudentsCardProps {
  scope: string;
  today: string;
}

/**
 * 'Enkelt elever som er bortreist': students away on the chosen from-date, each removable (from
 * every running trip), and a name to add for the chosen dates (Enter adds too).
 */
export function AwayStudentsCard({ scope, today }: AwayStudentsCardProps) {
  const id = useId();
  const [range, setRange] = useState<DateRange>({ fromDate: today, toDate: today });
  const invalid = rangeError(range) !== null;
  const scopeKey = dayScope(scope, range.fromDate);
  const schoolId = scope || null;
  const { loaded, failed, retry } = useLoaded(useAwayStore, invalid ? null : scopeKey);
  const data = useAwayStore((state) => (state.scope === scopeKey ? state.data : null));

  const form = useSchemaForm<'name', { name: string }>({
    schema: awayStudentSchema,
    initial: { name: '' },
    onInvalid: errorsOfFilledFields,
    onValid: async ({ name }) => {
      if (invalid) return;
      try {
        await addStudentAway(range, name, schoolId);
        form.reset();
        toast({ title: 'Lagret' });
      } catch (error) {
        failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
      }
    },
  });
  const removals = useItemActions();
  const remove = (student: string) =>
    removals.run(student, () => removeStudentAway(student, schoolId), {
      success: 'Fjernet',
      failure: 'Kunne ikke fjerne. Prøv igjen.',
    });

  const students = data?.individualStudentNames ?? [];
  return (
    <section className="card sick-away-card" aria-labelledby={`${id}-title`} data-testid="away-students-card">
      <h2 id={`${id}-title`} className="section-title">
        Enkelt elever som er bortreist
      </h2>
      <DateRangeFields value={range} onChange={setRange} testId="away-range" />

      {invalid ? null : !loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster bortreiste..." onRetry={retry} />
      ) : students.length === 0 ? (
        <p className="muted">Ingen enkelt elever registrert</p>
      ) : (
        <div className="chip-group">
          <p className="muted chip-caption">Bortreist {formatDayNo(range.fromDate)}</p>
          <ul className="chip-list" data-testid="away-student-chips">
            {students.map((student) => {
              const back = valueForName(data!.returnDates, student);
              return (
                <li key={student} className="chip chip-away chip-removable" data-testid="away-student-chip">
                  <span>
                    {student}
                    {back && <span className="chip-note"> · til {formatDayNo(back)}</span>}
                  </span>
                  <RemoveButton
                    label={`Fjern ${student} fra bortreist`}
                    disabled={removals.anyBusy}
                    onClick={() => void remove(student)}
                    testId="away-student-remove"
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <form className="field" onSubmit={form.onSubmit} data-testid="away-student-form">
        <label className="field-label" htmlFor={`${id}-name`}>
          Elevnavn
        </label>
        <div className="inline-form">
          <input
            id={`${id}-name`}
            className="input"
            value={form.values.name}
            onChange={(event) => form.setValue('name', event.target.value)}
            placeholder="Elevnavn..."
            maxLength={STUDENT_NAME_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="done"
            data-testid="away-student-name"
          />
          <button
            type="submit"
            className="button"
            disabled={form.busy || !form.values.name.trim() || invalid}
            data-testid="away-student-add"
          >
            {form.busy ? 'Lagrer...' : 'Legg til'}
          </button>
        </div>
      </form>
    </section>
  );
}
