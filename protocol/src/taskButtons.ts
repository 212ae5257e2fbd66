import { z } from 'zod';
import { NO_CONTROL_CHARACTERS, withoutControlCharacters } from './common';
import { baseVersionSchema, versionSchema } from './versions';

export const TASK_IDS = ['1', '2', '3', '4', '5', '6'] as const;
export const taskIdSchema = z.enum(TASK_IDS, { error: 'Ukjent oppgave (gyldige er 1–6)' });
export type TaskId = z.infer<typeof taskIdSchema>;

export const TASK_LABEL_MAX_LENGTH = 100;
export const TASK_LABEL_REQUIRED = 'Alle gjøremål må ha en beskrivelse';

/** Spec §3: the six buttons every school starts with. */
export const DEFAULT_TASK_LABELS: Readonly<Record<TaskId, string>> = {
  '1': 'Dobbelttellene elever',
  '2': 'Sjekk opp syke elever (mat?)',
  '3': 'Tilsynsrunde internat',
  '4': 'Tilsynsrunde hovedbygg',
  '5': 'Tilsynsrunde gamlebygg',
  '6': 'Tilsynstelefon på lading',
};

export const defaultTaskButtons = (): TaskButton[] => TASK_IDS.map((id) => ({ id, label: DEFAULT_TASK_LABELS[id] }));

export const taskButtonSchema = z.object({ id: taskIdSchema, label: z.string() });
export type TaskButton = z.infer<typeof taskButtonSchema>;

/** GET /api/tasks-config/{schoolId} and the taskButtons.updated event. */
/** version counts the saves of the labels (0: the defaults); a save names the version it was made from. */
export const tasksConfigSchema = z.object({ schoolId: z.string(), buttons: z.array(taskButtonSchema), version: versionSchema });
export type TasksConfig = z.infer<typeof tasksConfigSchema>;

/** PUT /api/tasks-config/{schoolId}: exactly the six buttons, each with a label. */
export const tasksConfigBodySchema = z.object({
  buttons: z
    .array(
      z.object({
        id: taskIdSchema,
        label: z
          .string({ error: TASK_LABEL_REQUIRED })
          .trim()
          .min(1, TASK_LABEL_REQUIRED)
          .max(TASK_LABEL_MAX_LENGTH, `Et gjøremål kan være maks ${TASK_LABEL_MAX_LENGTH} tegn`)
          .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS),
      }),
    )
    .length(TASK_IDS.length, 'Det må være nøyaktig seks gjøremål')
    .refine((buttons) => new Set(buttons.map((b) => b.id)).size === TASK_IDS.length, 'Hvert gjøremål 1–6 må være med én gang'),
  baseVersion: baseVersionSchema,
});
export type TasksConfigBody = z.infer<typeof tasksConfigBodySchema>;
export const TASK_LABELS_CONFLICT = 'Gjøremålene er endret av noen andre siden du åpnet dem';

export const schoolIdParamsSchema = z.object({ schoolId: z.string().regex(/^[0-9a-f]{24}$/i, 'Ugyldig id') });
