import type { SchoolCounts as Counts } from '../../../../protocol/src';

const LABELS: ReadonlyArray<[keyof Counts, string]> = [
  ['users', 'Brukere'],
  ['active', 'Aktive'],
  ['pending', 'Ventende'],
  ['deactivated', 'Deaktiverte'],
  ['admins', 'Administratorer'],
];

/** The five user counts of a school. */
export function SchoolCounts({ counts }: { counts: Counts }) {
  return (
    <dl className="counts" data-testid="school-counts">
      {LABELS.map(([key, label]) => (
        <div key={key} className="count" data-testid={`count-${key}`}>
          <dt>{label}</dt>
          <dd>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
