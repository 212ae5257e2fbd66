import { formatInTimeZone } from 'date-fns-tz';
import { OSLO_TIME_ZONE, type Report } from '#protocol';

/** A report's rounds: each by the label it was done under, with the times it was done. */
export function roundsOfReport(report: Pick<Report, 'completedTasks' | 'ticks'>, label: (id: string) => string) {
  const rounds = new Map<string, { taskId: string; label: string; times: string[] }>();
  for (const tick of report.ticks) {
    const name = tick.label || label(tick.taskId);
    const key = `${tick.taskId}:${name}`;
    const round = rounds.get(key) ?? { taskId: tick.taskId, label: name, times: [] };
    round.times.push(formatInTimeZone(new Date(tick.at), OSLO_TIME_ZONE, 'HH:mm'));
    rounds.set(key, round);
  }
  // A round listed without a tick (data of an old client) is still shown, by today's label.
  for (const id of report.completedTasks) {
    if (![...rounds.values()].some((round) => round.taskId === id)) rounds.set(id, { taskId: id, label: label(id), times: [] });
  }
  return [...rounds.entries()].sort(([, a], [, b]) => a.taskId.localeCompare(b.taskId)).map(([key, round]) => ({ key, ...round }));
}

/** 'Utførte gjøremål' of a report: 'Tilsynsrunde internat · 22:00, 00:05, 02:00'. */
export function ReportRounds({ report, label, testId }: { report: Report; label: (id: string) => string; testId?: string }) {
  const rounds = roundsOfReport(report, label);
  if (rounds.length === 0) return <p className="muted">Ingen oppgaver fullført</p>;
  return (
    <ul className="report-items" data-testid={testId}>
      {rounds.map((round) => (
        <li key={round.key}>
          {round.label}
          {round.times.length > 0 && <span className="muted"> · kl. {round.times.join(', ')}</span>}
        </li>
      ))}
    </ul>
  );
}
