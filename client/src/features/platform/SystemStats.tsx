import { countNoun, type PlatformSchool } from '#protocol';
import { CountPhrase } from './SchoolCounts';

/** Totals over every school, derived from the schools' counts. */
export function SystemStats({ schools }: { schools: readonly PlatformSchool[] }) {
  const users = schools.reduce((sum, school) => sum + school.counts.users, 0);
  const pending = schools.reduce((sum, school) => sum + school.counts.pending, 0);
  const active = schools.filter((school) => school.active).length;
  const stats: Array<[string, string]> = [
    ['schools', countNoun(schools.length, 'skole', 'skoler')],
    ['active-schools', countNoun(active, 'aktiv skole', 'aktive skoler')],
    ['users', countNoun(users, 'bruker', 'brukere')],
    ['pending', countNoun(pending, 'venter på godkjenning', 'venter på godkjenning')],
  ];
  return (
    <section aria-labelledby="stats-title" className="stats-section">
      <h2 id="stats-title" className="section-title">
        Systemstatistikk
      </h2>
      <ul className="stats">
        {stats.map(([key, text]) => (
          <li key={key} className="stat card" data-testid={`stat-${key}`}>
            <CountPhrase text={text} />
          </li>
        ))}
      </ul>
    </section>
  );
}
