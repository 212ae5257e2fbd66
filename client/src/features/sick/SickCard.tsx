import { useEffect, useId, useState } from 'react';
import {
  formatDayNo,
  isValidDay,
  SICK_COMMENT_MAX_LENGTH,
  sickStudentSchema,
  STUDENT_NAME_MAX_LENGTH,
  valueForName,
  type Sick,
  type SickStudent,
} from '#protocol';
import { errorCode, serverMessage } from '../../api/http';
import { addSick, replaceSick } from '../../api/sick';
import { dayScope, useSickStore } from '../../stores/boardStores';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { RemoveButton } from '../../ui/RemoveButton';
import { useItemActions } from '../../ui/useItemActions';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';

interface SickCardProps {
  /** '' for an Admin, the chosen school for the Plattformadministrator. */
  scope: string;
  today: string;
}

/** Shows a save's answer, unless the card has moved on to another date or school meanwhile. */
function showIfCurrent(scopeKey: string, sick: Sick): void {
  const store = useSickStore.getState();
  if (store.scope !== scopeKey) return;
  if (store.data && sick.revision < store.data.revision) return;
  store.receive(sick);
}

/** 'Syke' on /admin/syke-og-bortreist: the sick list of a date, add with an optional comment, remove. */
export function SickCard({ scope, today }: SickCardProps) {
  const id = useId();
  const [date, setDate] = useState(today);
  const scopeKey = dayScope(scope, date);
  const schoolId = scope || null;
  const data = useSickStore((state) => (state.scope === scopeKey ? state.data : null));
  const loaded = useSickStore((state) => state.scope === scopeKey && state.loaded);
  const failed = useSickStore((state) => state.scope === scopeKey && state.status === 'error');
  const form = useSchemaForm<keyof SickStudent, SickStudent>({
    schema: sickStudentSchema,
    initial: { name: '', comment: '' },
    onInvalid: errorsOfFilledFields,
    onValid: async (student) => {
      if (!isValidDay(date)) return;
      try {
        showIfCurrent(scopeKey, await addSick(date, student, schoolId));
        form.reset();
        toast({ title: 'Lagret' });
      } catch (error) {
        // What was typed stays in the form.
        failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
      }
    },
  });
  const removals = useItemActions();

  useEffect(() => {
    if (isValidDay(date)) void useSickStore.getState().ensure(scopeKey);
  }, [scopeKey, date]);

  // The list is sent whole with the revision it was read at; if someone changed it meanwhile,
  // the fresh list is fetched and the removal made again on it.
  async function removeFromList(student: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const current = useSickStore.getState().data;
      if (!current || !current.names.includes(student)) return;
      const rest = current.names
        .filter((n) => n !== student)
        .map((n) => ({ name: n, comment: valueForName(current.studentComments, n) ?? '' }));
      try {
        return showIfCurrent(scopeKey, await replaceSick(date, rest, current.revision, schoolId));
      } catch (error) {
        if (errorCode(error) !== 'conflict' || attempt > 0) throw error;
        await useSickStore.getState().reload();
      }
    }
  }

  const remove = (student: string) =>
    removals.run(student, () => removeFromList(student), { apply: () => undefined, success: 'Fjernet', failure: 'Kunde ikke lagre. Prøv igjen.' });

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
        <ListState loaded={loaded} failed={failed} loadingText="Laster syke..." onRetry={() => void useSickStore.getState().reload()} />
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
        <TextField
          label="Navn"
          {...form.field('name')}
          maxLength={STUDENT_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="sick-name"
        />
        <TextField
          label="Kommentar (valgfritt)"
          {...form.field('comment')}
          maxLength={SICK_COMMENT_MAX_LENGTH}
          autoComplete="off"
          data-testid="sick-comment"
        />
        <button type="submit" className="button" disabled={form.busy || !form.values.name.trim() || !isValidDay(date)} data-testid="sick-add">
          {form.busy ? 'Lagrer...' : 'Legg til og lagre'}
        </button>
      </form>
    </section>
  );
}
