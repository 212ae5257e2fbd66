import { useId, useMemo, useState } from 'react';
import { CLASS_NAME_MAX_LENGTH, createClassBodySchema, type CreateClassBody, type SchoolClass } from '#protocol';
import { serverMessage } from '../../api/http';
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
  const [toDelete, setToDelete] = useState<SchoolClass | null>(null);

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
              <button type="button" className="button button-secondary button-small" onClick={() => setToDelete(schoolClass)}>
                Slett
              </button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Slett klasse"
        description="Er du sikker på at du vil slette denne klassen?"
        confirmLabel="Slett"
        onConfirm={() => toDelete && remove(toDelete)}
      />
    </>
  );
}
