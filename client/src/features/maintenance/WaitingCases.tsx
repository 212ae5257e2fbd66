import { useWaiting } from '../../stores/outbox';
import { CASE_KIND, type WaitingCase } from './caseOutbox';
import '../../ui/boardCard.css';

/** Cases made off line on this device, until they are sent: 'Venter på nett', with what was typed. */
export function WaitingCases() {
  const waiting = useWaiting<WaitingCase>(CASE_KIND);
  if (waiting.length === 0) return null;
  return (
    <section className="card board-card" aria-labelledby="waiting-cases-title" data-testid="waiting-cases">
      <h2 id="waiting-cases-title" className="section-title">
        Saker som venter på nett
      </h2>
      <p className="muted">Sendes til vaktmester når du er på nett igjen.</p>
      <ul className="waiting-cases">
        {waiting.map((entry) => (
          <li key={entry.id} data-testid="waiting-case">
            <strong>{entry.payload.body.roomNumber}:</strong> {entry.payload.body.description}
          </li>
        ))}
      </ul>
    </section>
  );
}
