import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EVACUATIONS_PATH } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { dayScope } from '../../stores/dayScope';
import { useLoaded } from '../../stores/useLoaded';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useReportDay } from '../../ui/useToday';
import { useTonightStore } from '../rollCalls/tonightStore';
import { useSchoolScope } from '../schools/useSchoolScope';
import { startEvacuation } from './evacuationOutbox';
import { listFromTonight } from './shownEvacuations';

/** 'Start evakuering', with a confirmation, and as a drill ('Øvelse') when ticked. */
export function StartEvacuation({ school }: { school: string | null }) {
  const [drill, setDrill] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const me = useCurrentUser();
  const day = useReportDay();
  const { query } = useSchoolScope();
  // Tonight's list, kept on the phone: what an evacuation started in a Wi-Fi hole starts from.
  useLoaded(useTonightStore, query === null ? null : dayScope(query, day));
  const tonight = useTonightStore((state) => (state.data?.date === day ? state.data : null));
  return (
    <section className="card" aria-labelledby="evacuation-start-title">
      <h2 id="evacuation-start-title" className="section-title">
        Start evakuering
      </h2>
      <p className="muted">Alle ansatte på skolen får listen over hvem som skal være i byggene nå, med en gang.</p>
      <label className="evacuation-drill-choice">
        <input type="checkbox" checked={drill} onChange={(event) => setDrill(event.target.checked)} data-testid="evacuation-drill-choice" />
        Øvelse
      </label>
      <button
        type="button"
        className="button button-danger button-block"
        onClick={() => setConfirming(true)}
        data-testid="evacuation-start"
      >
        {drill ? 'Start evakueringsøvelse' : 'Start evakuering'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={drill ? 'Starte en evakueringsøvelse?' : 'Starte evakuering?'}
        description="Alle ansatte på skolen får listen og et varsel med en gang."
        confirmLabel={drill ? 'Start øvelsen' : 'Start evakuering'}
        onConfirm={async () => {
          const evacuation = await startEvacuation(school, drill, {
            startedByName: me.name,
            list: () => (tonight ? listFromTonight(tonight, me) : null),
          });
          // Started off line: the page of the one under way, which stays on screen whichever id the server gives it.
          if (evacuation) navigate(evacuation.waiting ? EVACUATIONS_PATH : `${EVACUATIONS_PATH}/${evacuation.id}`);
        }}
        testId="evacuation-start-dialog"
      />
    </section>
  );
}
