import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EVACUATIONS_PATH } from '#protocol';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { startEvacuation } from './evacuationOutbox';

/** 'Start evakuering', with a confirmation, and as a drill ('Øvelse') when ticked. */
export function StartEvacuation({ school }: { school: string | null }) {
  const [drill, setDrill] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
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
          const evacuation = await startEvacuation(school, drill);
          if (evacuation) navigate(`${EVACUATIONS_PATH}/${evacuation.id}`);
        }}
        testId="evacuation-start-dialog"
      />
    </section>
  );
}
