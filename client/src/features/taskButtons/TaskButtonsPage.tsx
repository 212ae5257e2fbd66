import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  DEFAULT_TASK_LABELS,
  TASK_IDS,
  TASK_LABEL_MAX_LENGTH,
  TASK_LABEL_REQUIRED,
  type TaskButton,
} from '#protocol';
import { serverMessage } from '../../api/http';
import { saveTaskButtons } from '../../api/taskButtons';
import { useTaskButtonsStore } from '../../stores/boardStores';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { TaskGrid } from '../supervisor/TaskGrid';
import '../supervisor/supervisor.css';
import './taskButtons.css';
import { AdminScreen } from '../admin/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

const TOO_LONG = `Et gjøremål kan være maks ${TASK_LABEL_MAX_LENGTH} tegn`;
const DEFAULT_LABELS = TASK_IDS.map((id) => DEFAULT_TASK_LABELS[id]);

/** /admin/gjoremaal (Admin, Plattformadministrator for a chosen school): the six task buttons. */
export function TaskButtonsPage() {
  return (
    <AdminScreen title="Administrer gjøremål" testId="task-buttons-page">
      <SchoolScoped pickText="Velg en skole for å administrere gjøremålene.">{({ schoolId }) => <Loader schoolId={schoolId} />}</SchoolScoped>
    </AdminScreen>
  );
}

function Loader({ schoolId }: { schoolId: string }) {
  const byId = useTaskButtonsStore((state) => state.byId);
  const loaded = useTaskButtonsStore((state) => state.loaded && state.scope === schoolId);
  const failed = useTaskButtonsStore((state) => state.status === 'error');
  useEffect(() => {
    void useTaskButtonsStore.getState().ensure(schoolId);
  }, [schoolId]);
  const saved = useMemo(() => TASK_IDS.map((id) => byId[id]?.label ?? DEFAULT_TASK_LABELS[id]), [byId]);
  if (!loaded) {
    return <ListState loaded={false} failed={failed} loadingText="Laster gjøremål..." onRetry={() => void useTaskButtonsStore.getState().reload()} />;
  }
  return <Editor key={schoolId} schoolId={schoolId} saved={saved} />;
}

function labelError(label: string): string | undefined {
  if (!label.trim()) return TASK_LABEL_REQUIRED;
  if (label.trim().length > TASK_LABEL_MAX_LENGTH) return TOO_LONG;
  return undefined;
}

const same = (a: readonly string[], b: readonly string[]) => a.every((value, i) => value === b[i]);

function Editor({ schoolId, saved }: { schoolId: string; saved: string[] }) {
  const [labels, setLabels] = useState<string[]>(saved);
  const [base, setBase] = useState<string[]>(saved);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  // New labels saved elsewhere (another admin, another tab) replace an untouched form.
  if (!same(saved, base)) {
    setBase(saved);
    if (same(labels, base)) setLabels(saved);
  }

  const errors = labels.map(labelError);
  const invalid = errors.some(Boolean);
  const preview: TaskButton[] = TASK_IDS.map((id, i) => ({ id, label: labels[i]?.trim() || `Oppgave ${id}` }));

  function change(index: number, value: string) {
    setLabels((current) => current.map((label, i) => (i === index ? value : label)));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setTried(true);
    if (invalid) {
      toast({ title: errors.find(Boolean) ?? TASK_LABEL_REQUIRED, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const result = await saveTaskButtons(
        schoolId,
        TASK_IDS.map((id, i) => ({ id, label: (labels[i] ?? '').trim() })),
      );
      for (const button of result.buttons) useTaskButtonsStore.getState().put(button);
      setLabels(result.buttons.map((b) => b.label));
      setTried(false);
      toast({ title: 'Gjøremål oppdatert' });
    } catch (error) {
      failureToast('Kunne ikke oppdatere gjøremål', serverMessage(error, ''));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <form className="card task-buttons-form" onSubmit={save} noValidate data-testid="task-buttons-form">
        <p className="muted">Knappene tilsynsvaktene krysser av for hver vakt. Endringene vises for alle med en gang.</p>
        <div className="task-buttons-fields">
          {TASK_IDS.map((id, i) => (
            <TextField
              key={id}
              label={`Oppgave ${id}`}
              value={labels[i] ?? ''}
              onChange={(event) => change(i, event.target.value)}
              maxLength={TASK_LABEL_MAX_LENGTH}
              error={tried ? errors[i] : undefined}
              data-testid={`task-label-${id}`}
            />
          ))}
        </div>
        {tried && invalid && (
          <p className="field-error" role="alert">
            {errors.find(Boolean)}
          </p>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setLabels([...DEFAULT_LABELS])}
            disabled={saving}
            data-testid="reset-task-labels"
          >
            Tilbakestill til standard
          </button>
          <button type="submit" className="button" disabled={saving} data-testid="save-task-labels">
            Lagre endringer
          </button>
        </div>
      </form>
      <section className="card board-card duty-preview" aria-labelledby="preview-title" data-testid="task-preview">
        <h2 id="preview-title" className="section-title">
          Forhåndsvisning
        </h2>
        <p className="muted">Slik ser tilsynsvaktene knappene.</p>
        <TaskGrid buttons={preview} mine={[]} rounds={null} />
      </section>
    </>
  );
}
