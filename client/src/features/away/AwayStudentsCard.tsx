import { useId, useMemo, useRef, useState } from 'react';
import { compareDays, studentNameSchema, TRIP_NAME_MAX_LENGTH, tripNameSchema, type Trip } from '#protocol';
import { z } from 'zod';
import { serverMessage } from '../../api/http';
import { addStudentAway, removeStudentAway } from './awayStore';
import { tripSaved, useTripsStore } from './tripsStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { DateRangeFields, rangeError, type DateRange } from './DateRangeFields';
import { formatPeriodNo, studentTripsInPeriod } from './periodTrips';
import { RemoveButton } from '../../ui/RemoveButton';
import { useItemActions } from '../../ui/useItemActions';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
import { StudentCombobox } from '../register/StudentCombobox';

const awayStudentSchema = z.object({ name: studentNameSchema, tripName: tripNameSchema });

interface AwayStudentsCardProps {
  scope: string;
  today: string;
}

/**
 * 'Enkelt elever som er bortreist': what is saved for the period being edited, trip by trip with
 * each trip's own dates (issue 45: a student added for other days than Fra stays in sight), each
 * student removable (from every running trip); and a name to add for the chosen dates, with the
 * trip's name if it has one: students added with the same dates and name are one trip (Enter adds too).
 */
export function AwayStudentsCard({ scope, today }: AwayStudentsCardProps) {
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [range, setRange] = useState<DateRange>({ fromDate: today, toDate: today });
  const invalid = rangeError(range) !== null;
  const schoolId = scope || null;
  const { loaded, failed, retry } = useLoaded(useTripsStore, scope);
  const byId = useTripsStore((state) => state.byId);
  const trips = useMemo(() => (invalid ? [] : studentTripsInPeriod(Object.values(byId), range)), [byId, range, invalid]);

  const [studentId, setStudentId] = useState<string | null>(null);
  const form = useSchemaForm<'name' | 'tripName', { name: string; tripName: string }>({
    schema: awayStudentSchema,
    initial: { name: '', tripName: '' },
    onInvalid: errorsOfFilledFields,
    onValid: async ({ name, tripName }) => {
      if (invalid) return;
      try {
        tripSaved(await addStudentAway(range, name, schoolId, tripName, studentId));
        form.setValue('name', '');
        setStudentId(null);
        toast({ title: 'Lagret' });
      } catch (error) {
        failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
      }
    },
  });
  const removals = useItemActions();
  const remove = (student: string) =>
    removals.run(
      student,
      async () => {
        await removeStudentAway(student, schoolId);
        await useTripsStore.getState().reload();
      },
      { success: 'Fjernet', failure: 'Kunne ikke fjerne. Prøv igjen.' },
    );
  /** 'Legg til flere': the form takes the trip's dates and name, and the name field the focus. */
  const addTo = (trip: Trip) => {
    setRange({ fromDate: trip.fromDate, toDate: trip.toDate });
    form.setValue('tripName', trip.name ?? '');
    nameInput.current?.focus();
  };
  const tripNameError = form.errors.tripName;

  return (
    <section className="card sick-away-card" aria-labelledby={`${id}-title`} data-testid="away-students-card">
      <h2 id={`${id}-title`} className="section-title">
        Enkelt elever som er bortreist
      </h2>
      <DateRangeFields value={range} onChange={setRange} testId="away-range" />

      {invalid ? null : !loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster bortreiste..." onRetry={retry} />
      ) : trips.length === 0 ? (
        <p className="muted">Ingen enkelt elever registrert</p>
      ) : (
        <div className="chip-group">
          <p className="muted chip-caption" data-testid="away-period">
            Bortreist {formatPeriodNo(range.fromDate, range.toDate)}
          </p>
          <ul className="away-trips" data-testid="away-trips">
            {trips.map((trip) => (
              <AwayTrip
                key={trip.id}
                trip={trip}
                running={compareDays(trip.toDate, today) >= 0}
                busy={removals.anyBusy}
                onRemove={(student) => void remove(student)}
                onAddTo={() => addTo(trip)}
              />
            ))}
          </ul>
        </div>
      )}

      <form className="form away-add-form" onSubmit={form.onSubmit} data-testid="away-student-form">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-trip`}>
            Navn på reisen (valgfritt)
          </label>
          <input
            id={`${id}-trip`}
            className="input"
            value={form.values.tripName}
            onChange={(event) => form.setValue('tripName', event.target.value)}
            placeholder="F.eks. Skitur Hemsedal"
            maxLength={TRIP_NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={tripNameError ? true : undefined}
            aria-describedby={`${id}-trip-hint${tripNameError ? ` ${id}-trip-error` : ''}`}
            data-testid="away-trip-name"
          />
          <p id={`${id}-trip-hint`} className="field-hint">
            Elever lagt til med samme datoer og navn blir én reise.
          </p>
          {tripNameError && (
            <p id={`${id}-trip-error`} className="field-error">
              {tripNameError}
            </p>
          )}
        </div>
        <StudentCombobox
          label="Elevnavn"
          value={{ name: form.values.name, studentId }}
          onChange={(chosen) => {
            form.setValue('name', chosen.name);
            setStudentId(chosen.studentId);
          }}
          scope={scope}
          placeholder="Elevnavn..."
          inputRef={nameInput}
          testId="away-student-name"
          action={
            <button
              type="submit"
              className="button"
              disabled={form.busy || !form.values.name.trim() || invalid}
              data-testid="away-student-add"
            >
              {form.busy ? 'Lagrer...' : 'Legg til'}
            </button>
          }
        />
      </form>
    </section>
  );
}

interface AwayTripProps {
  trip: Trip;
  /** Not yet over: its students can be removed and more added. */
  running: boolean;
  busy: boolean;
  onRemove(student: string): void;
  onAddTo(): void;
}

/** One saved trip of the period: its name and own dates, its students as chips. */
function AwayTrip({ trip, running, busy, onRemove, onAddTo }: AwayTripProps) {
  const period = formatPeriodNo(trip.fromDate, trip.toDate);
  const title = trip.name ? `${trip.name}, ${period}` : period;
  return (
    <li className="away-trip" data-testid="away-trip">
      <div className="away-trip-head">
        <p className="away-trip-title">
          {trip.name && <strong>{trip.name}</strong>}
          {trip.name && ' · '}
          <span>{period}</span>
        </p>
        {running && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={onAddTo}
            aria-label={`Legg til flere på ${title}`}
          >
            Legg til flere
          </button>
        )}
      </div>
      <ul className="chip-list" data-testid="away-student-chips">
        {trip.studentNames.map((student) => (
          <li key={student} className="chip chip-away chip-removable" data-testid="away-student-chip">
            <span>{student}</span>
            {running && (
              <RemoveButton
                label={`Fjern ${student} fra bortreist`}
                disabled={busy}
                onClick={() => onRemove(student)}
                testId="away-student-remove"
              />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
