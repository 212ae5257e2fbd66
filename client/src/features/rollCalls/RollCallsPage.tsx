import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  formatClockNo,
  formatShiftNo,
  ROLL_CALLS_PATH,
  rollCountText,
  rollHouseName,
  SUPERVISOR_HOME,
  type RollCall,
  type Tonight,
} from '#protocol';
import { AppHeader } from '../../ui/AppHeader';
import { ListState } from '../../ui/ListState';
import { SelectField } from '../../ui/SelectField';
import { startRoll } from './rollCallOutbox';
import { newServerId } from '../../api/newId';
import { useDayRolls, useShownRoll } from './useRoll';
import './rollCall.css';

const EVERY_HOUSE = '*';

/** /opptelling: the report day's roll calls, and a new one for a house or all (issue 47). */
export function RollCallsPage() {
  const { day, school, rolls, tonight, rollsLoad, tonightLoad } = useDayRolls();
  const loaded = rollsLoad.loaded && tonightLoad.loaded;
  return (
    <div className="app-shell">
      <AppHeader title="Opptelling" subtitle={formatShiftNo(day)} backTo={SUPERVISOR_HOME} backLabel="Tilbake til tilsynet" />
      <main className="page page-medium roll-page" data-testid="roll-calls">
        {!loaded || !tonight ? (
          <ListState
            loaded={false}
            failed={rollsLoad.failed || tonightLoad.failed}
            loadingText="Laster kveldens liste..."
            onRetry={() => {
              rollsLoad.retry();
              tonightLoad.retry();
            }}
          />
        ) : (
          <>
            <StartRoll day={day} school={school} tonight={tonight} rolls={rolls} />
            <section className="card" aria-labelledby="rolls-title">
              <h2 id="rolls-title" className="section-title">
                Kveldens opptellinger
              </h2>
              {rolls.length === 0 ? (
                <p className="empty">Ingen opptelling er startet i kveld.</p>
              ) : (
                <ul className="row-list" data-testid="roll-list">
                  {[...rolls].reverse().map((call) => (
                    <RollRow key={call.id} call={call} tonight={tonight} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </main>
    </div>
  );
}

function StartRoll({ day, school, tonight, rolls }: { day: string; school: string | null; tonight: Tonight; rolls: RollCall[] }) {
  const id = useId();
  const navigate = useNavigate();
  const [house, setHouse] = useState(EVERY_HOUSE);
  const options = [
    { value: EVERY_HOUSE, label: `${rollHouseName('')} (${tonight.expected})` },
    ...tonight.houses.map((h) => ({
      value: h.house,
      label: `${h.house || 'Uten internat'} (${h.rooms.reduce((sum, room) => sum + room.students.length, 0)})`,
    })),
  ];
  const chosen = house === EVERY_HOUSE ? '' : house;
  const underWay = rolls.find((call) => call.finishedAt === null && call.house === chosen);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Ny opptelling
      </h2>
      <p className="muted">
        {tonight.expected} elever ventes i internatene i kveld. {tonight.away} er bortreist, {tonight.sick}{' '}
        {tonight.sick === 1 ? 'er syk' : 'er syke'} og telles på rommet.
      </p>
      <div className="form">
        <div className="field">
          <label className="field-label" htmlFor={id}>
            Internat
          </label>
          <SelectField id={id} value={house} onChange={setHouse} options={options} testId="roll-house" />
        </div>
        <button
          type="button"
          className="button"
          data-testid="roll-start"
          onClick={() => {
            if (underWay) return navigate(`${ROLL_CALLS_PATH}/${underWay.id}`);
            const rollCallId = newServerId();
            startRoll({ school, date: day, house: chosen, id: rollCallId });
            navigate(`${ROLL_CALLS_PATH}/${rollCallId}`);
          }}
        >
          {underWay ? 'Fortsett opptellingen' : 'Start opptelling'}
        </button>
      </div>
    </section>
  );
}

function RollRow({ call, tonight }: { call: RollCall; tonight: Tonight }) {
  const shown = useShownRoll(call, tonight);
  if (!shown) return null;
  return (
    <li className="row" data-testid="roll-row">
      <div className="row-main">
        <Link className="row-title" to={`${ROLL_CALLS_PATH}/${call.id}`}>
          {rollHouseName(call.house)}, kl. {formatClockNo(call.startedAt)}
        </Link>
        <p className="row-meta">
          {rollCountText(shown.counts)}. {shown.finished ? 'Avsluttet' : `Startet av ${call.startedByName}`}.
        </p>
      </div>
    </li>
  );
}
