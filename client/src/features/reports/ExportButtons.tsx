import type { ExportFormat } from '#protocol';
import { exportUrl } from './reportRangesApi';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; name: string }> = [
  { format: 'xlsx', label: 'Excel', name: 'Excel-regneark' },
  { format: 'pdf', label: 'PDF', name: 'PDF' },
  { format: 'csv', label: 'CSV', name: 'CSV-fil' },
];

interface ExportButtonsProps {
  from: string;
  to: string;
  /** The chosen school for the Plattformadministrator; null for an Admin. */
  schoolId: string | null;
}

/** Excel, PDF and CSV of the period: plain links, so the browser downloads with the session cookie. */
export function ExportButtons({ from, to, schoolId }: ExportButtonsProps) {
  return (
    <div className="export-buttons" role="group" aria-label="Last ned rapportene i perioden">
      {FORMATS.map(({ format, label, name }) => (
        <a
          key={format}
          className="button button-secondary button-small"
          href={exportUrl(format, from, to, schoolId)}
          download
          aria-label={`Last ned som ${name}`}
          data-testid={`export-${format}`}
        >
          {label}
        </a>
      ))}
    </div>
  );
}
