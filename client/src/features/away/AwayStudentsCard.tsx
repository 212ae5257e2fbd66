import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDayNo, STUDENT_NAME_MAX_LENGTH, valueForName } from '#protocol';
import { serverMessage } from '../../api/http';
import { addAwayStudent, removeAwayStudent } from '../../api/away';
import { dayScope, useAwayStore } from '../../stores/boardStores';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { DateRangeFields, rangeError, type DateRange } from './DateRangeFields';
import { RemoveButton } from '../../ui/RemoveButton';

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
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const invalid = rangeError(range) !== null;
  const scopeKey = dayScope(scope, range.fromDate);
  const schoolId = scope || null;
  const data = useAwayStore((state) => (state.scope === scopeKey ? state.data : null));
  const loaded = useAwayStore((state) => state.scope === scopeKey && state.loaded);
  const failed = useAwayStore((state) => state.scope === scopeKey && state.status === 'error');

  useEffect(() => {
    if (!invalid) void useAwayStore.getState().ensure(scopeKey);
  }, [scopeKey, invalid]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const studentName = name.trim();
    if (!studentName || saving || invalid) return;
    setSaving(true);
    try {
      await addAwayStudent(range, studentName, schoolId);
      // The trips.saved event refreshes the chips; ask now too, for a slow or missing socket.
      void useAwayStore.getState().reload();
      setName('');
      toast({ title: 'Lagret' });
    } catch (error) {
      failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setSaving(false);
    }
  }

  async function remove(student: string) {
    setRemoving(student);
    try {
      await removeAwayStudent(student, schoolId);
      void useAwayStore.getState().reload();
      toast({ title: 'Fjernet' });
    } catch (error) {
      failureToast('Kunne ikke fjerne. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setRemoving(null);
    }
  }

  const students = data?.individualStudentNames ?? [];
  return (
    <section className="card sick-away-card" aria-labelledby={`${id}-title`} data-testid="away-students-card">
      <h2 id={`${id}-title`} className="section-title">
        Enkelt elever som er bortreist
      </h2>
      <DateRangeFields value={range} onChange={setRange} testId="away-range" />

      {invalid ? null : !loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster bortreiste..." onRetry={() => void useAwayStore.getState().reload()} />
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
                    disabled={removing !== null}
                    onClick={() => void remove(student)}
                    testId="away-student-remove"
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <form className="field" onSubmit={add} data-testid="away-student-form">
        <label className="field-label" htmlFor={`${id}-name`}>
          Elevnavn
        </label>
        <div className="inline-form">
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Elevnavn..."
            maxLength={STUDENT_NAME_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="done"
            data-testid="away-student-name"
          />
          <button type="submit" className="button" disabled={saving || !name.trim() || invalid} data-testid="away-student-add">
            {saving ? 'Lagrer...' : 'Legg til'}
          </button>
        </div>
      </form>
    </section>
  );
}
