import { useId, useState } from 'react';
import { formatLongDayNo, REPORT_TEXTS } from '#protocol';
import type { Draft } from './reportDrafts';
import { useMyReportStore } from './myReportStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyText } from '../../ui/copyText';
import '../../ui/boardCard.css';
import './dailyReport.css';

/** Text typed for a report day that closed before it was saved: read-only, to be copied. */
export function LockedDraftCard({ draft }: { draft: Draft }) {
  const discard = useMyReportStore((state) => state.discardLockedDraft);
  const textId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card board-card locked-draft" aria-labelledby={`${textId}-title`} data-testid="locked-draft">
      <div className="board-card-head">
        <h2 id={`${textId}-title`} className="section-title">
          Ulagret tekst fra {formatLongDayNo(draft.date)}
        </h2>
        <span className="pill pill-warning">Ikke lagret</span>
      </div>
      <p className="notice notice-warning" role="status">
        {REPORT_TEXTS.locked}
      </p>
      <p className="muted">
        Rapportdagen er over, og teksten under ble aldri lagret. Kopier den, for eksempel inn i dagens rapport eller til en administrator.
      </p>
      <label className="visually-hidden" htmlFor={textId}>
        Ulagret tekst
      </label>
      <textarea
        id={textId}
        className="input multiline report-text"
        rows={6}
        value={draft.content}
        readOnly
        data-testid="locked-draft-text"
      />
      <div className="report-actions">
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          Forkast
        </button>
        <button type="button" className="button" onClick={() => void copyText(draft.content)} data-testid="copy-locked-draft">
          Kopier tekst
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Forkaste teksten?"
        description={`Teksten fra ${formatLongDayNo(draft.date)} slettes fra denne enheten. Dette kan ikke angres.`}
        confirmLabel="Forkast"
        onConfirm={() => discard(draft.date)}
      />
    </section>
  );
}
