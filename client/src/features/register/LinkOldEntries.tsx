import { useId, useState } from 'react';
import { countNoun, formatDayNo, formatDayRangeNo, type LinkProposal } from '#protocol';
import { serverMessage } from '../../api/http';
import { failureToast, toast } from '../../ui/toastStore';
import { applyLinkProposals, fetchLinkProposals } from './registerApi';

/** How many proposals are named; the rest are counted. */
const NAMED = 20;

const where = (p: LinkProposal) => (p.kind === 'sick' ? `Syk ${formatDayNo(p.on)}` : `Reise ${formatDayRangeNo(p.on, p.until)}`);

/**
 * 'Koble eldre oppføringer': names on sick lists and trips from before the register that are
 * exactly the name of one of its students, shown first, then linked on the Admin's word; from then
 * on a rename in the register reaches them, and the GDPR page finds them by the student.
 */
export function LinkOldEntries({ schoolId, onClose }: { schoolId: string | null; onClose(): void }) {
  const id = useId();
  const [proposals, setProposals] = useState<LinkProposal[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function find() {
    setBusy(true);
    try {
      setProposals(await fetchLinkProposals(schoolId));
    } catch (error) {
      failureToast('Kunne ikke finne oppføringer. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  async function link() {
    setBusy(true);
    try {
      const { linked } = await applyLinkProposals(schoolId);
      toast({ title: `${countNoun(linked, 'oppføring', 'oppføringer')} er koblet til elevregisteret` });
      onClose();
    } catch (error) {
      failureToast('Kunne ikke koble oppføringene. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card import-panel" aria-labelledby={`${id}-title`} data-testid="link-panel">
      <h2 id={`${id}-title`} className="section-title">
        Koble eldre oppføringer
      </h2>
      <p className="muted">
        Navn på sykelister og reiser fra før elevregisteret kan kobles til eleven med nøyaktig samme navn. Da følger de med når eleven får
        nytt navn, og finnes under eleven på Elevopplysninger. To elever med samme navn kobles aldri.
      </p>
      {proposals === null ? null : proposals.length === 0 ? (
        <p className="muted" role="status" data-testid="link-none">
          Ingen oppføringer å koble.
        </p>
      ) : (
        <>
          <p role="status">{countNoun(proposals.length, 'oppføring', 'oppføringer')} kan kobles:</p>
          <ul data-testid="link-proposals">
            {proposals.slice(0, NAMED).map((p) => (
              <li key={`${p.kind}-${p.on}-${p.name}`}>
                {where(p)}: {p.name}
              </li>
            ))}
            {proposals.length > NAMED && <li className="muted">og {proposals.length - NAMED} til</li>}
          </ul>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
          Lukk
        </button>
        {proposals && proposals.length > 0 ? (
          <button type="button" className="button" onClick={() => void link()} disabled={busy} data-testid="link-apply">
            {busy ? 'Kobler...' : `Koble ${countNoun(proposals.length, 'oppføring', 'oppføringer')}`}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void find()} disabled={busy} data-testid="link-find">
            {busy ? 'Leter...' : 'Finn oppføringer'}
          </button>
        )}
      </div>
    </section>
  );
}
