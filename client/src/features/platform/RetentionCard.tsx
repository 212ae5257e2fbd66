import { retentionFormSchema, type PlatformSchool } from '#protocol';
import { platformSchoolActions } from '../schools/schoolsStore';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { platformFailure } from './platformToasts';

/** How long the school keeps sick lists and their comments; older ones are deleted automatically. */
export function RetentionCard({ school }: { school: PlatformSchool }) {
  const form = useSchemaForm<'months', { months: number }>({
    schema: retentionFormSchema,
    initial: { months: String(school.healthDataRetentionMonths) },
    onValid: async ({ months }) => {
      try {
        await platformSchoolActions.setRetention(school, months);
        toast({ title: 'Lagret', description: `Sykelister eldre enn ${months} måneder slettes automatisk.` });
      } catch (error) {
        platformFailure(error, 'Kunne ikke oppdatere skolen');
      }
    },
  });
  const unchanged = form.values.months.trim() === String(school.healthDataRetentionMonths);

  return (
    <section className="card platform-section" aria-labelledby="retention-title" data-testid="retention-card">
      <h2 id="retention-title" className="section-title">
        Sykdomsopplysninger
      </h2>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Lagringstid i måneder"
          inputMode="numeric"
          autoComplete="off"
          hint="Sykelister med kommentarer som er eldre, slettes automatisk. Rapportene beholdes."
          data-testid="retention-months"
          {...form.field('months')}
        />
        <button type="submit" className="button button-secondary" disabled={form.busy || unchanged} data-testid="retention-save">
          {form.busy ? 'Lagrer...' : 'Lagre lagringstid'}
        </button>
      </form>
    </section>
  );
}
