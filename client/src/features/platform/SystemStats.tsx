import type { PlatformSchool } from '../../../../protocol/src';

/** Totals over every school, derived from the schools' counts. */
export function SystemStats({ schools }: { schools: readonly PlatformSchool[] }) {
  const stats: Array<[string, string, number]> = [
    ['schools', 'Totalt skoler', schools.length],
    ['active-schools', 'Aktive skoler', schools.filter((school) => school.active).length],
    ['users', 'Totalt brukere', schools.reduce((sum, school) => sum + school.counts.users, 0)],
    ['pending', 'Venter på godkjenning', schools.reduce((sum, school) => sum + school.counts.pending, 0)],
  ];
  return (
    <section aria-labelledby="stats-title" className="stats-section">
      <h2 id="stats-title" className="section-title">
        Systemstatistikk
      </h2>
      <dl className="stats">
        {stats.map(([key, label, value]) => (
          <div key={key} className="stat card" data-testid={`stat-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
