import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatClockNo, ROLL_CALLS_PATH, rollCountText, rollHouseName } from '#protocol';
import { AppHeader } from '../../ui/AppHeader';
import { CopiedAt, earliest } from '../../ui/CopiedAt';
import { ListState } from '../../ui/ListState';
import { toast } from '../../ui/toastStore';
import { FinishRollDialog } from './FinishRollDialog';
import { finishRoll, markRoll } from './rollCallOutbox';
import { RollRoom } from './RollRoom';
import { useDayRolls, useShownRoll, type ShownRoll } from './useRoll';
import './rollCall.css';

/** /opptelling/:id: one roll call, counted by one or more phones at once (issue 47). */
export function RollCallPage() {
  const { id = '' } = useParams();
  const { school, rolls, tonight, rollsLoad, tonightLoad } = useDayRolls();
  const shown = useShownRoll(
    rolls.find((call) => call.id === id),
    tonight,
  );
  const loaded = rollsLoad.loaded && tonightLoad.loaded;
  return (
    <div className="app-shell">
      <AppHeader
        title="Opptelling"
        subtitle={shown ? `${rollHouseName(shown.call.house)}, startet kl. ${formatClockNo(shown.call.startedAt)}` : undefined}
        backTo={ROLL_CALLS_PATH}
        backLabel="Tilbake til opptellingene"
      />
      <main className="page page-medium roll-page" data-testid="roll-call">
        {!loaded ? (
          <ListState
            loaded={false}
            failed={rollsLoad.failed || tonightLoad.failed}
            loadingText="Laster opptellingen..."
            onRetry={() => {
              rollsLoad.retry();
              tonightLoad.retry();
            }}
          />
        ) : shown ? (
          <Roll shown={shown} school={school} copiedAt={earliest(rollsLoad.copiedAt, tonightLoad.copiedAt)} />
        ) : (
          <p className="empty">Fant ikke opptellingen. Den kan høre til en annen dag.</p>
        )}
      </main>
    </div>
  );
}

function Roll({ shown, school, copiedAt }: { shown: ShownRoll; school: string | null; copiedAt: string | null }) {
  const [finishing, setFinishing] = useState(false);
  const { call, houses, marks, counts, finished, waiting } = shown;
  const onMark = finished
    ? null
    : (studentId: string, state: 'present' | 'missing' | 'none') => markRoll({ school, rollCallId: call.id, studentId, state });
  return (
    <>
      <div className="roll-count-bar card">
        <p className="roll-count" role="status" data-testid="roll-count">
          {rollCountText(counts)}
        </p>
        {counts.unmarked > 0 && <p className="muted roll-count-rest">{counts.unmarked} ikke telt ennå</p>}
        {waiting > 0 && (
          <span className="pill pill-warning" data-testid="roll-waiting">
            {waiting} venter på nett
          </span>
        )}
        <CopiedAt at={copiedAt} />
      </div>
      {finished && (
        <p className="notice" data-testid="roll-finished">
          {call.finishedAt
            ? `Avsluttet kl. ${formatClockNo(call.finishedAt)} av ${call.finishedByName ?? ''}.`
            : 'Avsluttet her. Sendes når det er nett.'}
          {call.note && ` ${call.note}`}
        </p>
      )}
      {houses.length === 0 && <p className="empty">Ingen elever ventes i kveld.</p>}
      {houses.map((house) => (
        <section key={house.house} className="roll-house" aria-label={rollHouseName(house.house)}>
          {!call.house && <h2 className="section-title">{house.house || 'Uten internat'}</h2>}
          {house.rooms.map((room) => (
            <RollRoom key={room.room} room={room.room} students={room.students} marks={marks} onMark={onMark} />
          ))}
        </section>
      ))}
      {!finished && (
        <button type="button" className="button button-block roll-finish" onClick={() => setFinishing(true)} data-testid="roll-finish">
          Avslutt opptelling
        </button>
      )}
      {finishing && (
        <FinishRollDialog
          counts={counts}
          onClose={() => setFinishing(false)}
          onFinish={(note) => {
            finishRoll({ school, rollCallId: call.id, note });
            setFinishing(false);
            toast({ title: 'Opptellingen er avsluttet', description: rollCountText(counts) });
          }}
        />
      )}
    </>
  );
}
