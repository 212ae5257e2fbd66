import { useId, useState } from 'react';
import { z } from 'zod';
import {
  AWAY_TEXTS,
  formatDayNo,
  studentNameSchema,
  TRIP_NAME_MAX_LENGTH,
  tripNameSchema,
  tripSchema,
  type SchoolClass,
  type Trip,
  type UpdateTripBody,
} from '#protocol';
import { conflictCurrent, errorCode, serverMessage } from '../../api/http';
import { ConflictChoice } from '../../ui/ConflictChoice';
import { tripActions, useTripsStore } from './tripsStore';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { ClassCheckboxes } from './ClassCheckboxes';
import { DateRangeFields, rangeError, type DateRange } from './DateRangeFields';
import { RemoveButton } from '../../ui/RemoveButton';
import { DialogActions } from '../../ui/DialogActions';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
import { StudentCombobox } from '../register/StudentCombobox';

/** A name to add, as the body's studentNames check each one. */
const newNameSchema = z.object({ name: studentNameSchema });

interface TripEditDialogProps {
  trip: Trip;
  classes: readonly SchoolClass[];
  schoolId: string | null;
  onClose(): void;
}

/** 'Rediger reise': its name, dates, student names (a new one only when not blank) and class checkboxes. */
export function TripEditDialog({ trip, classes, schoolId, onClose }: TripEditDialogProps) {
  const id = useId();
  const [range, setRange] = useState<DateRange>({ fromDate: trip.fromDate, toDate: trip.toDate });
  const [tripName, setTripName] = useState(trip.name ?? '');
  const [names, setNames] = useState<string[]>(trip.studentNames);
  // The register's ids of the names chosen from it (issue 46), kept with the trip.
  const [links, setLinks] = useState<Record<string, string>>(trip.studentIds ?? {});
  const [newStudentId, setNewStudentId] = useState<string | null>(null);
  const [classIds, setClassIds] = useState<ReadonlySet<string>>(new Set(trip.classIds));
  const [saving, setSaving] = useState(false);
  // Saved by someone else since this dialog opened: their trip and this one side by side until a choice.
  const [conflict, setConflict] = useState<{ mine: UpdateTripBody; current: Trip } | null>(null);
  // Someone else's save or removal while this dialog is open.
  const latest = useTripsStore((state) => state.byId[trip.id]);
  const removedElsewhere = useTripsStore((state) => state.loaded) && !latest;
  const changedElsewhere = !!latest && latest.updatedAt !== trip.updatedAt;

  const knownClassIds = classIds.size ? [...classIds].filter((classId) => classes.some((c) => c.id === classId)) : [];
  const emptyTrip = names.length === 0 && knownClassIds.length === 0;
  const tripNameError = tripNameSchema.safeParse(tripName).error?.issues[0]?.message ?? null;
  const error = rangeError(range) ?? (emptyTrip ? AWAY_TEXTS.emptyTrip : null) ?? tripNameError;

  const newName = useSchemaForm<'name', { name: string }>({
    schema: newNameSchema,
    initial: { name: '' },
    // A blank name adds nothing and says nothing ('Legg til' is held meanwhile).
    onInvalid: errorsOfFilledFields,
    onValid: ({ name }) => {
      setNames((current) => (current.includes(name) ? current : [...current, name]));
      if (newStudentId) setLinks((current) => ({ ...current, [name]: newStudentId }));
      newName.reset();
      setNewStudentId(null);
    },
  });
  const nameError = newName.errors.name;

  function toggleClass(classId: string, checked: boolean) {
    setClassIds((current) => {
      const next = new Set(current);
      if (checked) next.add(classId);
      else next.delete(classId);
      return next;
    });
  }

  async function save(
    body: UpdateTripBody = {
      ...range,
      tripName: tripName.trim(),
      studentNames: names,
      classIds: knownClassIds,
      studentIds: Object.fromEntries(Object.entries(links).filter(([name]) => names.includes(name))),
      baseVersion: trip.version,
    },
  ) {
    if (error || saving || removedElsewhere) return;
    setSaving(true);
    try {
      await tripActions.update(trip, body, schoolId);
      toast({ title: 'Reise oppdatert' });
      onClose();
    } catch (failure) {
      const current = conflictCurrent(failure, tripSchema);
      if (current) {
        setConflict({ mine: body, current });
        return;
      }
      failureToast('Kunne ikke oppdatere reise. Prøv igjen.', serverMessage(failure, ''));
      // Gone or archived meanwhile (the store asks for the list again): nothing left to save.
      if (errorCode(failure) === 'notFound' || errorCode(failure) === 'conflict') onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Rediger reise" testId="trip-edit-dialog">
      <div className="form">
        {removedElsewhere ? (
          <p className="notice" role="alert">
            Reisen er fjernet av noen andre. Endringene dine kan ikke lagres.
          </p>
        ) : (
          changedElsewhere &&
          !conflict && (
            <p className="notice" role="status">
              Reisen er endret av noen andre mens du redigerte. Lagrer du, får du se begge og velge.
            </p>
          )
        )}
        {conflict && (
          <ConflictChoice
            title={AWAY_TEXTS.conflict}
            mine={describeTrip(conflict.mine, classes)}
            theirs={describeTrip(conflict.current, classes)}
            canKeepBoth={false}
            busy={saving}
            onChoose={(choice) => {
              const { mine, current } = conflict;
              setConflict(null);
              if (choice === 'theirs') onClose();
              else void save({ ...mine, baseVersion: current.version });
            }}
          />
        )}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-trip-name`}>
            Navn på reisen (valgfritt)
          </label>
          <input
            id={`${id}-trip-name`}
            className="input"
            value={tripName}
            onChange={(event) => setTripName(event.target.value)}
            placeholder="F.eks. Skitur Hemsedal"
            maxLength={TRIP_NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={tripNameError ? true : undefined}
            aria-describedby={tripNameError ? `${id}-trip-name-error` : undefined}
            data-testid="trip-edit-trip-name"
          />
          {tripNameError && (
            <p id={`${id}-trip-name-error`} className="field-error">
              {tripNameError}
            </p>
          )}
        </div>
        <DateRangeFields value={range} onChange={setRange} testId="trip-range" />

        <fieldset className="trip-edit-students">
          <legend className="field-label">Elever</legend>
          {names.length === 0 ? (
            <p className="muted">Ingen elever</p>
          ) : (
            <ul className="chip-list" data-testid="trip-edit-students">
              {names.map((name) => (
                <li key={name} className="chip chip-away chip-removable">
                  <span>{name}</span>
                  <RemoveButton
                    label={`Fjern ${name} fra reisen`}
                    onClick={() => setNames((current) => current.filter((n) => n !== name))}
                  />
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={newName.onSubmit}>
            <StudentCombobox
              label="Nytt elevnavn"
              value={{ name: newName.values.name, studentId: newStudentId }}
              onChange={(chosen) => {
                newName.setValue('name', chosen.name);
                setNewStudentId(chosen.studentId);
              }}
              scope={schoolId ?? ''}
              placeholder="Elevnavn..."
              error={nameError}
              testId="trip-edit-name"
              action={
                <button
                  type="submit"
                  className="button button-secondary"
                  disabled={!newName.values.name.trim()}
                  data-testid="trip-edit-add-name"
                >
                  Legg til
                </button>
              }
            />
          </form>
        </fieldset>

        {classes.length > 0 && (
          <ClassCheckboxes
            legend="Klasser"
            showLegend
            classes={classes}
            isChecked={(classId) => classIds.has(classId)}
            onChange={toggleClass}
            testId="trip-edit-class"
          />
        )}

        {emptyTrip && !rangeError(range) && <p className="field-error">{AWAY_TEXTS.emptyTrip}</p>}
        <DialogActions
          onCancel={onClose}
          label="Lagre"
          busyLabel="Lagrer..."
          busy={saving}
          disabled={!!error || removedElsewhere || !!conflict}
          onConfirm={() => void save()}
          testId="trip-edit-save"
        />
      </div>
    </Modal>
  );
}

/** A trip as a person compares two of them: its name, dates, students and classes, one to a line. */
function describeTrip(
  trip: Pick<Trip, 'fromDate' | 'toDate' | 'studentNames' | 'classIds'> & { name?: string; tripName?: string },
  classes: readonly SchoolClass[],
): string {
  const classNames = trip.classIds.map((id) => classes.find((c) => c.id === id)?.className ?? 'Ukjent klasse');
  const name = trip.tripName ?? trip.name;
  return [
    ...(name ? [`Navn: ${name}`] : []),
    `Fra ${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}`,
    `Elever: ${trip.studentNames.join(', ') || 'ingen'}`,
    `Klasser: ${classNames.join(', ') || 'ingen'}`,
  ].join('\n');
}
