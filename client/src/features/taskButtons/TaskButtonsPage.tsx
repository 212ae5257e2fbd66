import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  DEFAULT_TASK_LABELS,
  TASK_IDS,
  TASK_LABEL_MAX_LENGTH,
  TASK_LABEL_REQUIRED,
  TASK_LABELS_CONFLICT,
  tasksConfigBodySchema,
  tasksConfigSchema,
  type TaskButton,
  type TaskId,
  type TasksConfig,
  type TasksConfigBody,
} from '#protocol';
import { conflictCurrent, serverMessage } from '../../api/http';
import { ConflictChoice, type ConflictOption } from '../../ui/ConflictChoice';
import { saveTaskLabels, useTaskButtonsStore, useTaskLabelsVersion } from './taskButtonsStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { useSchemaForm, type FieldErrors } from '../../ui/useSchemaForm';
import { TaskGrid } from './TaskGrid';
import '../../ui/boardCard.css';
import './taskButtons.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

const DEFAULT_LABELS = TASK_IDS.map((id) => DEFAULT_TASK_LABELS[id]);

const labelSchema = tasksConfigBodySchema.shape.buttons.element.shape.label;
/** The six fields by task id, each with the body's label rule (its message under the field), sent as the body. */
const labelsSchema = z
  .object(Object.fromEntries(TASK_IDS.map((id) => [id, labelSchema])) as Record<TaskId, typeof labelSchema>)
  .transform((labels) => ({ buttons: TASK_IDS.map((id) => ({ id, label: labels[id] })) }))
  .pipe(tasksConfigBodySchema.pick({ buttons: true }));
type LabelsBody = Pick<TasksConfigBody, 'buttons'>;

const labelsById = (labels: readonly string[]) =>
  Object.fromEntries(TASK_IDS.map((id, i) => [id, labels[i] ?? ''])) as Record<TaskId, string>;
const firstError = (errors: FieldErrors<TaskId>) => TASK_IDS.map((id) => errors[id]).find(Boolean);

/** /admin/gjoremaal (Admin, Plattformadministrator for a chosen school): the six task buttons. */
export function TaskButtonsPage() {
  return (
    <AdminScreen title="Administrer gjøremål" testId="task-buttons-page">
      <SchoolScoped pickText="Velg en skole for å administrere gjøremålene.">
        {({ schoolId }) => <Loader schoolId={schoolId} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function Loader({ schoolId }: { schoolId: string }) {
  const { loaded, failed, retry } = useLoaded(useTaskButtonsStore, schoolId);
  const byId = useTaskButtonsStore((state) => state.byId);
  const version = useTaskLabelsVersion((state) => state.bySchool[schoolId] ?? 0);
  const saved = useMemo(() => TASK_IDS.map((id) => byId[id]?.label ?? DEFAULT_TASK_LABELS[id]), [byId]);
  if (!loaded) {
    return <ListState loaded={false} failed={failed} loadingText="Laster gjøremål..." onRetry={retry} />;
  }
  return <Editor key={schoolId} schoolId={schoolId} saved={saved} version={version} />;
}

const same = (a: readonly string[], b: readonly string[]) => a.every((value, i) => value === b[i]);

function Editor({ schoolId, saved, version }: { schoolId: string; saved: string[]; version: number }) {
  // The labels (and their version) the form was last in step with: an edit is made from them.
  const [base, setBase] = useState<string[]>(saved);
  const [baseVersion, setBaseVersion] = useState(version);
  const [conflict, setConflict] = useState<{ mine: TaskButton[]; current: TasksConfig } | null>(null);

  async function save(buttons: TaskButton[], fromVersion: number): Promise<void> {
    try {
      const result = await saveTaskLabels(schoolId, buttons, fromVersion);
      setLabels(result.buttons.map((b) => b.label));
      setBase(result.buttons.map((b) => b.label));
      setBaseVersion(result.version);
      form.clearErrors();
      toast({ title: 'Gjøremål oppdatert' });
    } catch (error) {
      const current = conflictCurrent(error, tasksConfigSchema);
      if (current) setConflict({ mine: buttons, current });
      else failureToast('Kunne ikke oppdatere gjøremål', serverMessage(error, ''));
    }
  }

  const form = useSchemaForm<TaskId, LabelsBody>({
    schema: labelsSchema,
    initial: labelsById(saved),
    // Once 'Lagre endringer' was pressed, every field's error shows as it is typed, until a save succeeds.
    recheck: true,
    onInvalid: (errors) => {
      toast({ title: firstError(errors) ?? TASK_LABEL_REQUIRED, variant: 'destructive' });
      return errors;
    },
    onValid: ({ buttons }) => save(buttons, baseVersion),
  });
  const labels = TASK_IDS.map((id) => form.values[id]);

  function setLabels(next: readonly string[]) {
    TASK_IDS.forEach((id, i) => form.setValue(id, next[i] ?? ''));
  }

  // New labels saved elsewhere (another admin, another tab) replace an untouched form; a touched
  // one keeps the version it was made from, so its save is refused and both are shown.
  if (!same(saved, base) && !conflict) {
    setBase(saved);
    if (same(labels, base)) {
      setLabels(saved);
      setBaseVersion(version);
    }
  } else if (same(labels, saved) && baseVersion !== version && !conflict) {
    setBaseVersion(version);
  }

  function choose(choice: ConflictOption) {
    if (!conflict) return;
    const { mine, current } = conflict;
    setConflict(null);
    if (choice === 'theirs') {
      const theirs = current.buttons.map((b) => b.label);
      setLabels(theirs);
      setBase(theirs);
      setBaseVersion(current.version);
    } else void save(mine, current.version);
  }

  const error = firstError(form.errors);
  const preview: TaskButton[] = TASK_IDS.map((id) => ({ id, label: form.values[id].trim() || `Oppgave ${id}` }));

  return (
    <>
      <form className="card task-buttons-form" onSubmit={form.onSubmit} noValidate data-testid="task-buttons-form">
        <p className="muted">Knappene tilsynsvaktene krysser av for hver vakt. Endringene vises for alle med en gang.</p>
        <div className="task-buttons-fields">
          {TASK_IDS.map((id) => (
            <TextField
              key={id}
              label={`Oppgave ${id}`}
              {...form.field(id)}
              maxLength={TASK_LABEL_MAX_LENGTH}
              data-testid={`task-label-${id}`}
            />
          ))}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {conflict && (
          <ConflictChoice
            title={TASK_LABELS_CONFLICT}
            mine={conflict.mine.map((b) => `${b.id}. ${b.label}`).join('\n')}
            theirs={conflict.current.buttons.map((b) => `${b.id}. ${b.label}`).join('\n')}
            canKeepBoth={false}
            busy={form.busy}
            onChoose={choose}
          />
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setLabels(DEFAULT_LABELS)}
            disabled={form.busy}
            data-testid="reset-task-labels"
          >
            Tilbakestill til standard
          </button>
          <button type="submit" className="button" disabled={form.busy || !!conflict} data-testid="save-task-labels">
            Lagre endringer
          </button>
        </div>
      </form>
      <section className="card board-card duty-preview" aria-labelledby="preview-title" data-testid="task-preview">
        <h2 id="preview-title" className="section-title">
          Forhåndsvisning
        </h2>
        <p className="muted">Slik ser tilsynsvaktene knappene.</p>
        <TaskGrid buttons={preview} userId={null} rounds={null} />
      </section>
    </>
  );
}
