import { Link } from 'react-router-dom';
import { EVACUATIONS_PATH, ROLL_CALLS_PATH, rollCountText, rollHouseName, type RollCall, type Tonight } from '#protocol';
import { useDayRolls, useShownRoll } from './useRoll';
import './rollCall.css';

/**
 * The board's way to tonight's roll calls (issue 47): those under way, with their counts, and
 * 'Opptelling' to start one. Loading it keeps tonight's list on the phone for the night (its screens
 * are kept by the service worker: client/vite.offlineScreens.ts).
 */
export function RollCallCard() {
  const { rolls, tonight } = useDayRolls();
  const underWay = rolls.filter((call) => call.finishedAt === null);
  return (
    <section className="card board-card" aria-labelledby="rolls-card-title" data-testid="roll-card">
      <div className="board-card-head">
        <h2 id="rolls-card-title" className="section-title">
          Opptelling og evakuering
        </h2>
        <div className="roll-card-actions">
          <Link to={ROLL_CALLS_PATH} className="button button-secondary button-small" data-testid="roll-open">
            {underWay.length > 0 ? 'Se opptellingene' : 'Start opptelling'}
          </Link>
          <Link to={EVACUATIONS_PATH} className="button button-danger-outline button-small" data-testid="evacuation-open">
            Evakuering
          </Link>
        </div>
      </div>
      {tonight && underWay.length > 0 && (
        <ul className="row-list">
          {underWay.map((call) => (
            <UnderWay key={call.id} call={call} tonight={tonight} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UnderWay({ call, tonight }: { call: RollCall; tonight: Tonight }) {
  const shown = useShownRoll(call, tonight);
  return (
    <li className="row">
      <Link to={`${ROLL_CALLS_PATH}/${call.id}`} className="row-title">
        {rollHouseName(call.house)}
      </Link>
      {shown && <span className="row-meta">{rollCountText(shown.counts)}</span>}
    </li>
  );
}
