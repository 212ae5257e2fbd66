import { useId, useMemo, useState } from 'react';
import { CLASS_NAME_MAX_LENGTH, createClassBodySchema, osloDay, type CreateClassBody, type SchoolClass } from '#protocol';
import { serverMessage } from '../../api/http';
import { fetchTripsOfSchool } from './classesApi';
import { activeTripsOfClass, deleteClassQuestion } from './deleteClassQuestion';
import { RenameClassDialog } from './RenameClassDialog';
import { classActions, useClassesStore } from './classesStore';
import { useLoaded } from '../../stores/useLoaded';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { errorsOfFilledFields, useSchemaForm } from '../../ui/useSchemaForm';
import { byClassName } from './byClassName';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

/** /admin/klasser (Admin, Plattformadministrator for a chosen school). */
export function ClassesPage() {
  return (
    <AdminScreen title="Administrer klasser" testId="classes-page">
      <SchoolScoped pickText="Velg en skole for å administrere klassene.">{({ query }) => <ClassList scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}

function ClassList({ scope }: { scope: string }) {
  const { loaded, failed, retry } = useLoaded(useClassesStore, scope);
  const byId = useClassesStore((state) => state.byId);
  const fieldId = useId();
  // The class to delete, with the question naming the trips it is on (asked for when 'Slett' is pressed).
  const [toDelete, setToDelete] = useState<{ schoolClass: SchoolClass; question: string } | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [toRename, setToRename] = useState<SchoolClass | null>(null);

  const classes = useMemo(() => Object.values(byId).sort(byClassName), [byId]);
  const schoolId = scope || null;

  const form = useSchemaForm<keyof CreateClassBody, CreateClassBody>({
    schema: createClassBodySchema,
    initial: { className: '' },
    // An empty name adds nothing and says nothing ('Legg til' is held meanwhile).
    onInvalid: errorsOfFilledFields,
    onValid: async ({ className }) => {
      try {
        await classActions.create(className, schoolId);
        form.reset();
        toast({ title: 'Klasse lagt til' });
      } catch (error) {
        failureToast('Kunne ikke legge til klasse. Prøv igjen.', serverMessage(error, ''));
      }
    },
  });
  const error = form.errors.className;

  async function askToDelete(schoolClass: SchoolClass) {
    // Held while the trips are asked for, without disabling the button (it keeps the focus to return to).
    if (asking) return;
    setAsking(schoolClass.id);
    try {
      // Off line the trips are not known: the question is then the spec's alone.
      const trips = await fetchTripsOfSchool(schoolId).catch(() => null);
      const onTrips = activeTripsOfClass(trips ?? [], schoolClass.id, osloDay(new Date()));
      setToDelete({ schoolClass, question: deleteClassQuestion(schoolClass.className, onTrips) });
    } finally {
      setAsking(null);
    }
  }

  async function remove(schoolClass: SchoolClass) {
    try {
      await classActions.remove(schoolClass, schoolId);
      toast({ title: 'Klasse slettet' });
    } catch (error) {
      failureToast('Kunne ikke slette klasse. Prøv igjen.', serverMessage(error, ''));
    }
  }

  return (
    <>
      <form className="field" onSubmit={form.onSubmit} data-testid="add-class-form">
        <label htmlFor={fieldId} className="field-label">
          Klassenavn
        </label>
        <div className="inline-form">
          <input
            id={fieldId}
            className="input"
            value={form.values.className}
            onChange={(event) => form.setValue('className', event.target.value)}
            placeholder="Klassenavn..."
            maxLength={CLASS_NAME_MAX_LENGTH}
            enterKeyHint="done"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            data-testid="class-name"
          />
          <button type="submit" className="button" disabled={form.busy || !form.values.className.trim()} data-testid="add-class">
            Legg til
          </button>
        </div>
        {error && (
          <p id={`${fieldId}-error`} className="field-error">
            {error}
          </p>
        )}
      </form>

      {!loaded ? (
        <ListState loaded={loaded} failed={failed} loadingText="Laster klasser..." onRetry={retry} />
      ) : classes.length === 0 ? (
        <p className="empty">Ingen klasser lagt til ennå</p>
      ) : (
        <ul className="row-list" data-testid="class-list">
          {classes.map((schoolClass) => (
            <li key={schoolClass.id} className="row" data-testid="class-row">
              <span className="row-main row-title">{schoolClass.className}</span>
              <div className="row-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setToRename(schoolClass)}
                  aria-label={`Endre navn på ${schoolClass.className}`}
                  data-testid="rename-class"
                >
                  Endre navn
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void askToDelete(schoolClass)}
                  aria-label={`Slett ${schoolClass.className}`}
                  data-testid="delete-class"
                >
                  Slett
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Slett klassen ${toDelete.schoolClass.className}` : 'Slett klasse'}
        description={toDelete?.question ?? ''}
        confirmLabel="Slett"
        onConfirm={() => toDelete && remove(toDelete.schoolClass)}
        testId="delete-class-dialog"
      />
      {toRename && <RenameClassDialog schoolClass={toRename} schoolId={schoolId} onClose={() => setToRename(null)} />}
    </>
  );
}
