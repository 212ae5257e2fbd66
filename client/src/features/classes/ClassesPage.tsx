import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { CLASS_NAME_MAX_LENGTH, type SchoolClass } from '#protocol';
import { createClass, deleteClass } from '../../api/classes';
import { serverMessage } from '../../api/http';
import { useClassesStore } from '../../stores/classesStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { byClassName } from './byClassName';
import { AdminScreen } from '../admin/AdminScreen';
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
  const byId = useClassesStore((state) => state.byId);
  const loaded = useClassesStore((state) => state.loaded);
  const status = useClassesStore((state) => state.status);
  const [name, setName] = useState('');
  const fieldId = useId();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<SchoolClass | null>(null);

  useEffect(() => {
    void useClassesStore.getState().ensure(scope);
  }, [scope]);

  const classes = useMemo(() => Object.values(byId).sort(byClassName), [byId]);
  const schoolId = scope || null;

  async function add(event: FormEvent) {
    event.preventDefault();
    const className = name.trim();
    if (!className || adding) return;
    setAdding(true);
    try {
      useClassesStore.getState().put(await createClass(className, schoolId));
      setName('');
      toast({ title: 'Klasse lagt til' });
    } catch (error) {
      failureToast('Kunne ikke legge til klasse. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setAdding(false);
    }
  }

  async function remove(schoolClass: SchoolClass) {
    try {
      useClassesStore.getState().remove((await deleteClass(schoolClass.id, schoolId)).id);
      toast({ title: 'Klasse slettet' });
    } catch (error) {
      failureToast('Kunne ikke slette klasse. Prøv igjen.', serverMessage(error, ''));
    }
  }

  return (
    <>
      <form className="field" onSubmit={add} data-testid="add-class-form">
        <label htmlFor={fieldId} className="field-label">
          Klassenavn
        </label>
        <div className="inline-form">
          <input
            id={fieldId}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Klassenavn..."
            maxLength={CLASS_NAME_MAX_LENGTH}
            enterKeyHint="done"
            data-testid="class-name"
          />
          <button type="submit" className="button" disabled={adding || !name.trim()} data-testid="add-class">
            Legg til
          </button>
        </div>
      </form>

      {!loaded ? (
        <ListState loaded={loaded} failed={status === 'error'} loadingText="Laster klasser..." onRetry={() => useClassesStore.getState().reload()} />
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
