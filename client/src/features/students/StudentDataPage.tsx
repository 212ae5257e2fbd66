import { useState } from 'react';
import { formatDayNo, studentParamsSchema, type StudentData, type StudentErasure } from '#protocol';
import { serverMessage } from '../../api/http';
import { eraseStudentData, fetchStudentData, recordStudentDownload } from './studentsApi';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { failureToast, toast } from '../../ui/toastStore';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';
import { downloadJson } from './downloadJson';
import { StudentDataSummary } from './StudentDataSummary';
import { PossibleReports } from './PossibleReports';
import { downloadStudentPdf } from './studentPdfDownload';
import './students.css';

/** /admin/elevopplysninger: a parent's request under the GDPR, to see and to erase what is stored about one student. */
export function StudentDataPage() {
  return (
    <AdminScreen title="Elevopplysninger" testId="student-data-page">
      <SchoolScoped pickText="Velg en skole for å finne opplysninger om en elev.">
        {({ query }) => <StudentData key={query} scope={query} />}
      </SchoolScoped>
    </AdminScreen>
  );
}

function StudentData({ scope }: { scope: string }) {
  const [data, setData] = useState<StudentData | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The possible matches the office found to be about this student (issue 45): a new lookup starts empty.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const show = (found: StudentData) => {
    setData(found);
    setChosen(new Set());
  };
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const form = useSchemaForm<'name', { name: string }>({
    schema: studentParamsSchema,
    initial: { name: '' },
    onValid: async ({ name }) => {
      try {
        show(await fetchStudentData(name, scope));
      } catch (error) {
        failureToast('Kunne ikke hente opplysningene', serverMessage(error, ''));
      }
    },
  });

  async function erase(name: string) {
    try {
      const erased = await eraseStudentData(name, scope);
      toast({ title: 'Opplysningene er slettet', description: erasureDescription(erased) || undefined });
      show(await fetchStudentData(name, scope));
    } catch (error) {
      failureToast('Kunne ikke slette opplysningene', serverMessage(error, ''));
    }
  }

  return (
    <>
      <p className="muted">
        Når en forelder ber om innsyn eller sletting: alt skolen har lagret om ett elevnavn, fra sykelister, reiser, rapporter og
        endringsloggen.
      </p>
      <form className="card form" onSubmit={form.onSubmit} noValidate data-testid="student-search">
        <TextField label="Elevens navn" autoComplete="off" data-testid="student-name" {...form.field('name')} />
        <button type="submit" className="button" disabled={form.busy} data-testid="student-show">
          {form.busy ? 'Henter...' : 'Vis opplysninger'}
        </button>
      </form>

      {data && (
        <section className="card student-data" aria-labelledby="student-data-title" data-testid="student-data">
          <h2 id="student-data-title" className="section-title">
            Opplysninger om {data.name}
          </h2>
          <StudentDataSummary data={data} />
          <PossibleReports data={data} chosen={chosen} onToggle={toggle} />
          <div className="student-data-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                downloadStudentPdf(data.name, scope, [...chosen]);
                recordStudentDownload(scope).catch(() => undefined);
              }}
              data-testid="student-download-pdf"
            >
              Last ned (PDF)
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                const possibleReports = data.possibleReports.filter((report) => chosen.has(report.id));
                downloadJson(`elevopplysninger-${data.exportedAt.slice(0, 10)}.json`, { ...data, possibleReports });
                // The download is what the trail records; a failure to record it must not stop the file.
                recordStudentDownload(scope).catch(() => undefined);
              }}
              data-testid="student-download"
            >
              Last ned (JSON)
            </button>
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)} data-testid="student-erase">
              Slett opplysningene
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Slett opplysninger"
            description={`Er du sikker på at du vil slette alle opplysninger om ${data.name}? Dette kan ikke angres.`}
            confirmLabel="Slett"
            onConfirm={() => erase(data.name)}
          />
        </section>
      )}
    </>
  );
}

/** What the erasure did beyond the lists, and what is left for the school to do. */
function erasureDescription(erased: StudentErasure): string {
  const versions = erased.versions;
  const stillInText = erased.reportsMentioning.map(formatDayNo).join(', ');
  const possibly = erased.reportsPossiblyMentioning.map(formatDayNo).join(', ');
  return [
    versions > 0 && `Navnet er tatt ut av ${versions} tidligere ${versions === 1 ? 'lagret versjon' : 'lagrede versjoner'} av rapporter.`,
    stillInText && `Navnet står fortsatt i teksten i rapportene fra ${stillInText}. Rediger rapportene for å fjerne det.`,
    possibly && `Fornavnet står i rapportene fra ${possibly}, som ikke er endret. Les dem og rediger dem som gjelder eleven.`,
  ]
    .filter(Boolean)
    .join(' ');
}
