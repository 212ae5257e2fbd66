import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDayNo, isValidDay, SICK_COMMENT_MAX_LENGTH, STUDENT_NAME_MAX_LENGTH, valueForName, type Sick } from '#protocol';
import { errorCode, serverMessage } from '../../api/http';
import { addSick, replaceSick } from '../../api/sick';
import { dayScope, useSickStore } from '../../stores/boardStores';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { RemoveButton } from '../../ui/RemoveButton';

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
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  useEffect(() => {
    if (isValidDay(date)) void useSickStore.getState().ensure(scopeKey);
  }, [scopeKey, date]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const student = { name: name.trim(), comment: comment.trim() };
    if (!student.name || saving || !isValidDay(date)) return;
    setSaving(true);
    try {
      showIfCurrent(scopeKey, await addSick(date, student, schoolId));
      setName('');
      setComment('');
      toast({ title: 'Lagret' });
    } catch (error) {
      // What was typed stays in the form.
      failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setSaving(false);
    }
  }

  async function remove(student: string) {
    setRemoving(student);
    try {
      // The list is sent whole with the revision it was read at; if someone changed it meanwhile,
      // the fresh list is fetched and the removal made again on it.
      for (let attempt = 0; ; attempt++) {
        const current = useSickStore.getState().data;
        if (!current || !current.names.includes(student)) break;
        const rest = current.names
          .filter((n) => n !== student)
          .map((n) => ({ name: n, comment: valueForName(current.studentComments, n) ?? '' }));
        try {
          showIfCurrent(scopeKey, await replaceSick(date, rest, current.revision, schoolId));
          break;
        } catch (error) {
          if (errorCode(error) !== 'conflict' || attempt > 0) throw error;
          await useSickStore.getState().reload();
        }
      }
      toast({ title: 'Fjernet' });
    } catch (error) {
      failureToast('Kunde ikke lagre. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setRemoving(null);
    }
  }

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
                  disabled={removing !== null}
                  onClick={() => void remove(student)}
                  testId="sick-remove"
                />
              </li>
            );
          })}
        </ul>
      )}

      <form className="form sick-form" onSubmit={add} data-testid="sick-form">
        <TextField
          label="Navn"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={STUDENT_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="sick-name"
        />
        <TextField
          label="Kommentar (valgfritt)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={SICK_COMMENT_MAX_LENGTH}
          autoComplete="off"
          data-testid="sick-comment"
        />
        <button type="submit" className="button" disabled={saving || !name.trim() || !isValidDay(date)} data-testid="sick-add">
          {saving ? 'Lagrer...' : 'Legg til og lagre'}
        </button>
      </form>
    </section>
  );
}
