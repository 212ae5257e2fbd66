import { useId } from 'react';
import { countNoun, IMPORT_FIELD_LABELS, type ImportFieldName, type ImportPreviewBody } from '#protocol';

export type ImportChoice = { createClasses: string[]; leftIds: string[]; leftAt: string };

/** How many of a long list are named; the rest are counted. */
const NAMED = 15;
const shown = (value: string | boolean | null) => (typeof value === 'boolean' ? (value ? 'ja' : 'nei') : value || '–');
const fieldLabel = (field: string) =>
  field === 'leftAt' ? 'sluttet' : (IMPORT_FIELD_LABELS[field as ImportFieldName] ?? field).toLocaleLowerCase('nb');
const toggled = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

function More({ count }: { count: number }) {
  return count > NAMED ? <li className="muted">og {count - NAMED} til</li> : null;
}

/** What importing the file will do, before anything is written: new, changed field by field, unchanged, missing, refused. */
export function ImportPreviewView({
  preview,
  choice,
  onChoice,
}: {
  preview: ImportPreviewBody;
  choice: ImportChoice;
  onChoice(choice: ImportChoice): void;
}) {
  const id = useId();
  const { created, changed, unchanged, missing, refused, unknownClasses } = preview;
  return (
    <div data-testid="import-preview">
      <ul className="import-summary" aria-label="Hva som vil skje" data-testid="import-summary">
        <li className="import-count">{countNoun(created.length, 'ny', 'nye')}</li>
        <li className="import-count">{changed.length} endret</li>
        <li className="import-count">{unchanged.length} uendret</li>
        <li className="import-count">{missing.length} mangler i filen</li>
        <li className="import-count">{refused.length} avvist</li>
      </ul>

      {unknownClasses.length > 0 && (
        <fieldset className="import-section" data-testid="import-unknown-classes">
          <legend className="section-title">Klasser som ikke finnes ennå</legend>
          <p className="muted">Elevene i disse klassene importeres bare hvis klassen opprettes.</p>
          {unknownClasses.map((unknown) => (
            <label className="register-check" key={unknown.name}>
              <input
                type="checkbox"
                checked={choice.createClasses.includes(unknown.name)}
                onChange={(event) =>
                  onChoice({ ...choice, createClasses: toggled(choice.createClasses, unknown.name, event.target.checked) })
                }
              />
              <span>
                Opprett klassen {unknown.name} ({countNoun(unknown.lines.length, 'elev', 'elever')})
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {created.length > 0 && (
        <section className="import-section">
          <h3 className="section-title">Nye elever</h3>
          <ul>
            {created.slice(0, NAMED).map(({ line, student }) => (
              <li key={line}>
                {student.firstName} {student.lastName}
                {student.className && `, ${student.className}`}
              </li>
            ))}
            <More count={created.length} />
          </ul>
        </section>
      )}

      {changed.length > 0 && (
        <section className="import-section" data-testid="import-changed">
          <h3 className="section-title">Endres</h3>
          <ul>
            {changed.slice(0, NAMED).map(({ line, student, changes }) => (
              <li key={line}>
                {student.firstName} {student.lastName}:{' '}
                {changes.map((c) => `${fieldLabel(c.field)} ${shown(c.from)} → ${shown(c.to)}`).join('; ')}
              </li>
            ))}
            <More count={changed.length} />
          </ul>
        </section>
      )}

      {missing.length > 0 && (
        <fieldset className="import-section" data-testid="import-missing">
          <legend className="section-title">I elevregisteret, men ikke i filen</legend>
          <p className="muted">De blir stående som de er, med mindre du velger at de har sluttet.</p>
          {missing.map((student) => (
            <label className="register-check" key={student.id}>
              <input
                type="checkbox"
                checked={choice.leftIds.includes(student.id)}
                onChange={(event) => onChoice({ ...choice, leftIds: toggled(choice.leftIds, student.id, event.target.checked) })}
              />
              <span>
                {student.firstName} {student.lastName}
                {student.className && `, ${student.className}`}: har sluttet
              </span>
            </label>
          ))}
          {choice.leftIds.length > 0 && (
            <div className="field">
              <label className="field-label" htmlFor={`${id}-left-at`}>
                Sluttdato
              </label>
              <input
                id={`${id}-left-at`}
                type="date"
                className="input"
                value={choice.leftAt}
                onChange={(event) => onChoice({ ...choice, leftAt: event.target.value })}
              />
            </div>
          )}
        </fieldset>
      )}

      {refused.length > 0 && (
        <section className="import-section" data-testid="import-refused">
          <h3 className="section-title">Rader som ikke importeres</h3>
          <ul>
            {refused.slice(0, NAMED).map((row) => (
              <li key={row.line}>
                Rad {row.line}: {row.message}
              </li>
            ))}
            <More count={refused.length} />
          </ul>
        </section>
      )}
    </div>
  );
}
