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
  /** One author's reports only (the yearly page's user filter); absent for everyone's. */
  user?: { id: string; name: string } | null;
}

/** Excel, PDF and CSV of the period: plain links, so the browser downloads with the session cookie. */
export function ExportButtons({ from, to, schoolId, user }: ExportButtonsProps) {
  const whose = user ? ` (${user.name})` : '';
  return (
    <div
      className="export-buttons"
      role="group"
      aria-label={user ? `Last ned rapportene til ${user.name} i perioden` : 'Last ned rapportene i perioden'}
    >
      {user && (
        <span className="export-scope muted" aria-hidden="true" data-testid="export-user">
          Bare {user.name}:
        </span>
      )}
      {FORMATS.map(({ format, label, name }) => (
        <a
          key={format}
          className="button button-secondary button-small"
          href={exportUrl(format, from, to, schoolId, user?.id)}
          download
          aria-label={`Last ned som ${name}${whose}`}
          data-testid={`export-${format}`}
        >
          {label}
        </a>
      ))}
    </div>
  );
}
