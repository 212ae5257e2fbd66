import { useId, useState } from 'react';
import { countNoun, formatDayNo, REPORT_RANGE_MAX_DAYS } from '#protocol';
import { ExportButtons } from './ExportButtons';
import { daysIn, exportRangeError, wholeYear, type ExportRange } from './exportRange';

interface ExportRangeCardProps {
  /** The page's chosen year and week: the range until another is picked. */
  year: number;
  week: ExportRange;
  /** The chosen school for the Plattformadministrator; null for an Admin. */
  schoolId: string | null;
  /** One author's reports only (the page's user filter). */
  user: { id: string; name: string } | null;
}

/**
 * Årsrapport's downloads: any range of days up to REPORT_RANGE_MAX_DAYS, the chosen week or the
 * whole year in one click. A range the server would refuse gives no links, only the reason, so a
 * download never ends on an error page.
 */
export function ExportRangeCard({ year, week, schoolId, user }: ExportRangeCardProps) {
  const id = useId();
  // A range picked here holds until the page's week or year changes; then the range is that week.
  const weekKey = `${week.from}/${week.to}`;
  const [picked, setPicked] = useState<{ weekKey: string; range: ExportRange } | null>(null);
  const range = picked?.weekKey === weekKey ? picked.range : week;
  const pick = (next: ExportRange) => setPicked({ weekKey, range: next });
  const error = exportRangeError(range);
  const errorId = `${id}-error`;
  const yearRange = wholeYear(year);

  return (
    <section className="card export-range" aria-labelledby={`${id}-title`} data-testid="export-range">
      <h2 id={`${id}-title`} className="section-title">
        Last ned rapporter
      </h2>
      <p className="muted export-range-hint" id={`${id}-hint`}>
        Velg en periode på opptil {REPORT_RANGE_MAX_DAYS} dager, eller hele året.
      </p>
      <div className="export-range-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-from`}>
            Fra
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="input"
            value={range.from}
            aria-describedby={[`${id}-hint`, error && errorId].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => pick({ ...range, from: event.target.value })}
            data-testid="export-from"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-to`}>
            Til
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="input"
            value={range.to}
            aria-describedby={[`${id}-hint`, error && errorId].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => pick({ ...range, to: event.target.value })}
            data-testid="export-to"
          />
        </div>
      </div>
      <div className="export-range-shortcuts" role="group" aria-label="Velg periode">
        <button type="button" className="button button-secondary button-small" onClick={() => pick(week)} data-testid="export-week">
          Valgt uke
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => pick(yearRange)}
          data-testid="export-whole-year"
        >
          Hele året {year}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert" data-testid="export-range-error">
          {error}
        </p>
      ) : (
        <>
          <p className="report-period" data-testid="export-period">
            {formatDayNo(range.from)} – {formatDayNo(range.to)} ({countNoun(daysIn(range), 'dag', 'dager')})
          </p>
          <ExportButtons from={range.from} to={range.to} schoolId={schoolId} user={user} />
        </>
      )}
    </section>
  );
}
