import { useId, useState } from 'react';
import { countNoun, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportFieldName, type ImportPreviewBody, type ImportUpload } from '#protocol';
import { serverMessage } from '../../api/http';
import { SelectField } from '../../ui/SelectField';
import { failureToast, toast } from '../../ui/toastStore';
import { useToday } from '../../ui/useToday';
import { ImportPreviewView, type ImportChoice } from './ImportPreviewView';
import { applyStudentFile, previewStudentFile, uploadStudentFile } from './registerApi';

/** The server's limit (5 MB), said before a large file is sent at all. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'Filen er større enn 5 MB. En elevliste er mye mindre: er det riktig fil?';
const NOT_USED = 'ikke';
const FIELD_OPTIONS = [
  { value: NOT_USED, label: 'Ikke bruk' },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
];

type Mapping = (ImportFieldName | null)[];

/** Importing the register from the school's own file: upload, columns, preview, import. Nothing is written before 'Importer'. */
export function ImportPanel({ schoolId, onClose }: { schoolId: string | null; onClose(): void }) {
  const id = useId();
  const today = useToday();
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<ImportPreviewBody | null>(null);
  const [choice, setChoice] = useState<ImportChoice>({ createClasses: [], leftIds: [], leftAt: today });
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function read(file: File | undefined) {
    setError(null);
    setUpload(null);
    setPreview(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError(TOO_LARGE);
    setBusy('reading');
    try {
      const read = await uploadStudentFile(file, schoolId);
      setUpload(read);
      setMapping(read.mapping);
      setProblems(read.problems);
      setPreview(read.preview);
      setChoice({ createClasses: [], leftIds: [], leftAt: today });
    } catch (failure) {
      setError(serverMessage(failure, 'Kunne ikke lese filen. Prøv igjen.'));
    } finally {
      setBusy(null);
    }
  }

  async function remap(column: number, field: ImportFieldName | null) {
    if (!upload) return;
    const next = mapping.map((current, i) => (i === column ? field : current));
    setMapping(next);
    try {
      const answer = await previewStudentFile(upload.importId, next, schoolId);
      setProblems(answer.problems);
      setPreview(answer.preview);
    } catch (failure) {
      setError(serverMessage(failure, 'Kunne ikke vise hva som vil skje. Prøv igjen.'));
    }
  }

  async function apply() {
    if (!upload) return;
    setBusy('importing');
    try {
      const { leftAt, ...rest } = choice;
      const result = await applyStudentFile(
        upload.importId,
        { mapping, ...rest, ...(rest.leftIds.length > 0 ? { leftAt } : {}) },
        schoolId,
      );
      toast({
        title: 'Elevlisten er importert',
        description: `${countNoun(result.created, 'ny', 'nye')}, ${result.changed} endret, ${result.left} sluttet${result.refused ? `, ${countNoun(result.refused, 'rad', 'rader')} avvist` : ''}.`,
      });
      onClose();
    } catch (failure) {
      failureToast('Kunne ikke importere elevlisten.', serverMessage(failure, 'Prøv igjen.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card import-panel" aria-labelledby={`${id}-title`} data-testid="import-panel">
      <h2 id={`${id}-title`} className="section-title">
        Importer elever fra fil
      </h2>
      <p className="muted">
        Last opp elevlisten fra Visma InSchool, WisWeb eller et regneark (.xlsx eller .csv). Du ser hva som vil skje før noe lagres.
      </p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-file`}>
          Elevliste
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="input"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => void read(event.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={busy !== null}
          data-testid="import-file"
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert" data-testid="import-error">
            {error}
          </p>
        )}
        {busy === 'reading' && <p className="muted">Leser filen...</p>}
      </div>

      {upload && (
        <>
          <fieldset className="import-mapping" data-testid="import-mapping">
            <legend className="field-label">Hva står i hver kolonne?</legend>
            {upload.header.map((header, column) => (
              <div className="field" key={`${column}-${header}`}>
                <label className="field-label" htmlFor={`${id}-col-${column}`}>
                  {header || `Kolonne ${column + 1}`}
                </label>
                <SelectField
                  id={`${id}-col-${column}`}
                  value={mapping[column] ?? NOT_USED}
                  onChange={(value) => void remap(column, value === NOT_USED ? null : (value as ImportFieldName))}
                  options={FIELD_OPTIONS}
                  testId={`import-column-${column}`}
                />
              </div>
            ))}
          </fieldset>
          {problems.length > 0 && (
            <ul className="import-problems" role="alert" data-testid="import-problems">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {preview && <ImportPreviewView preview={preview} choice={choice} onChoice={setChoice} />}
        </>
      )}

      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={busy === 'importing'}>
          Avbryt
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void apply()}
          disabled={!preview || problems.length > 0 || busy !== null}
          data-testid="import-apply"
        >
          {busy === 'importing' ? 'Importerer...' : 'Importer'}
        </button>
      </div>
    </section>
  );
}
