import { formatClockNo, mayRole, POLICY, rollCountText, rollHouseName, type RollCall } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { dayScope } from '../../stores/dayScope';
import { useLoaded } from '../../stores/useLoaded';
import { useRollResultsStore } from './rollResultsStore';

/**
 * The day's finished roll calls as part of its record (issue 47): when, by whom, the counts, who
 * was not found or not counted, and what was done. For those who may see the rolls; nothing when
 * the day had none.
 */
export function DayRollCalls(props: RollsProps) {
  const { role } = useCurrentUser();
  if (!mayRole(POLICY.rollCalls.see, role)) return null;
  return <Finished {...props} />;
}

/** `framed`: a card of its own (yesterday's page), else a section of the report's card. */
type RollsProps = { day: string; school: string; framed?: boolean };

function Finished({ day, school, framed = false }: RollsProps) {
  const scope = dayScope(school, day);
  const { loaded } = useLoaded(useRollResultsStore, scope);
  const rolls = useRollResultsStore((state) => (state.scope === scope ? state.data : null));
  const finished = (rolls ?? []).filter((call) => call.finishedAt !== null && call.result !== null);
  if (!loaded || finished.length === 0) return null;
  const Heading = framed ? 'h2' : 'h3';
  return (
    <section
      className={framed ? 'card report-view report-section' : 'report-section'}
      aria-labelledby={`rolls-${day}`}
      data-testid="day-roll-calls"
    >
      <Heading id={`rolls-${day}`} className="report-section-title">
        Opptellinger
      </Heading>
      <ul className="report-items">
        {finished.map((call) => (
          <RollResult key={call.id} call={call} />
        ))}
      </ul>
    </section>
  );
}

function RollResult({ call }: { call: RollCall }) {
  const result = call.result!;
  return (
    <li data-testid="day-roll-call">
      <strong>
        {rollHouseName(call.house)}, kl. {formatClockNo(call.startedAt)}–{formatClockNo(call.finishedAt!)}
      </strong>{' '}
      ({call.finishedByName}): {rollCountText(result)}
      {result.unmarked > 0 && `, ${result.unmarked} ikke telt`}.
      {result.notFound.length > 0 && <> Ikke funnet: {result.notFound.join(', ')}.</>}
      {result.uncounted.length > 0 && <> Ikke telt: {result.uncounted.join(', ')}.</>}
      {call.note && <> Notat: {call.note}</>}
    </li>
  );
}
