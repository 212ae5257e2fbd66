import { Link } from 'react-router-dom';
import { useId } from 'react';
import { formatShiftNo, isResetWindow, REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS } from '#protocol';
import { useMyReportStore } from './myReportStore';
import { toast } from '../../ui/toastStore';
import { copyText } from '../../ui/copyText';
import { CONFLICT_TITLE, tellSaveOutcome, WAITING_TITLE } from './saveOutcome';
import { useWaiting } from '../../stores/outbox';
import { TEXT_KIND, type WaitingText } from './waitingText';
import { ConflictChoice } from '../../ui/ConflictChoice';
import { CopiedAt } from '../../ui/CopiedAt';
import { conflictingLines } from './conflictingLines';
import { ReportTextNotices, RestoreSavedButton, versionsLink } from './ReportTextNotices';
import '../../ui/boardCard.css';
import './dailyReport.css';

const SHOW_COUNT_FROM = REPORT_CONTENT_MAX_LENGTH - 2000;

function SaveState() {
  const saving = useMyReportStore((state) => state.saving);
  const unsaved = useMyReportStore((state) => state.unsaved);
  const saved = useMyReportStore((state) => !!state.report?.id);
  const day = useMyReportStore((state) => state.day);
  const waiting = useWaiting<WaitingText>(TEXT_KIND).some((entry) => entry.payload.date === day);
  const text = saving ? 'Lagrer...' : unsaved && waiting ? WAITING_TITLE : unsaved ? 'Ikke lagret' : saved ? 'Lagret' : null;
  if (!text) return null;
  return (
    <span className={unsaved && !saving ? 'pill pill-warning' : 'pill pill-success'} data-testid="save-state" role="status">
      {text}
    </span>
  );
}

/** Dagsrapport (Tilsynsvakt): the text of the current report day, Lagre and Tøm. */
export function DailyReportCard({ now }: { now: Date }) {
  const textId = useId();
  const day = useMyReportStore((state) => state.day);
  const status = useMyReportStore((state) => state.status);
  const locked = useMyReportStore((state) => !!state.report?.locked);
  const serverWindow = useMyReportStore((state) => !!state.report?.resetWindow);
  const unsaved = useMyReportStore((state) => state.unsaved);
  const draftFailed = useMyReportStore((state) => state.draftFailed);
  const text = useMyReportStore((state) => state.text);
  const saving = useMyReportStore((state) => state.saving);
  const setText = useMyReportStore((state) => state.setText);
  const save = useMyReportStore((state) => state.save);
  const refresh = useMyReportStore((state) => state.refresh);
  const conflict = useMyReportStore((state) => state.conflict);
  const deletedElsewhere = useMyReportStore((state) => state.deletedElsewhere);
  const resolveConflict = useMyReportStore((state) => state.resolveConflict);
  const copiedAt = useMyReportStore((state) => state.copiedAt);
  const clear = useMyReportStore((state) => state.clear);
  const undoClear = useMyReportStore((state) => state.undoClear);
  const reportId = useMyReportStore((state) => state.report?.id ?? null);

  const inWindow = serverWindow || isResetWindow(now);
  // In a conflict the choice decides the text.
  const readOnly = !day || locked || inWindow || !!conflict;

  return (
    <section className="card board-card report-card" aria-labelledby="report-title" data-testid="report-card">
      <div className="board-card-head">
        <h2 id="report-title" className="section-title">
          Dagsrapport
        </h2>
        <SaveState />
      </div>
      {day && (
        <p className="muted" data-testid="report-day">
          {formatShiftNo(day)}
        </p>
      )}
      <CopiedAt at={copiedAt} />
      {locked ? (
        <p className="notice notice-warning" role="status" data-testid="report-locked">
          {REPORT_TEXTS.locked}
        </p>
      ) : (
        inWindow && (
          <p className="notice notice-warning" role="status" data-testid="report-reset-window">
            {REPORT_TEXTS.resetWindow}
          </p>
        )
      )}
      {status === 'error' && (
        <div className="notice notice-error report-error" role="alert">
          <span>Kunne ikke hente rapporten fra serveren.{unsaved ? ' Teksten er lagret på denne enheten.' : ''}</span>
          <button type="button" className="button button-secondary button-small" onClick={() => void refresh()}>
            Prøv igjen
          </button>
        </div>
      )}
      {deletedElsewhere && (
        <p className="notice notice-warning" role="status" data-testid="report-deleted-elsewhere">
          En administrator har slettet den lagrede rapporten. Teksten under er ikke lagret: lagre den på nytt eller tøm den.
        </p>
      )}
      {draftFailed && (
        <p className="notice notice-error" role="alert">
          Nettleseren kan ikke ta vare på teksten lokalt. Lagre ofte.
        </p>
      )}
      {conflict && (
        <ConflictChoice
          title={CONFLICT_TITLE}
          intro={
            <>
              Den samme linjen er endret både her og et annet sted. Alt annet er slått sammen. Ingenting er slettet: velg hva som skal
              gjelde for linjene under. Alle lagrede tekster kan leses under{' '}
              {reportId ? <Link to={versionsLink(reportId)}>tidligere versjoner</Link> : 'tidligere versjoner'}.
            </>
          }
          {...conflictingLines(conflict)}
          canKeepBoth
          busy={saving}
          onChoose={async (choice) => tellSaveOutcome(await resolveConflict(choice))}
        />
      )}
      <ReportTextNotices readOnly={readOnly} />
      <label className="visually-hidden" htmlFor={textId}>
        Dagsrapport
      </label>
      <textarea
        id={textId}
        className="input multiline report-text"
        rows={10}
        value={text}
        readOnly={readOnly}
        aria-readonly={readOnly}
        maxLength={REPORT_CONTENT_MAX_LENGTH}
        placeholder={day ? 'Skriv rapporten for vakten her...' : 'Laster rapport...'}
        onChange={(event) => setText(event.target.value)}
        data-testid="report-text"
      />
      {text.length >= SHOW_COUNT_FROM && (
        <p className="field-hint">
          {text.length} av {REPORT_CONTENT_MAX_LENGTH} tegn
        </p>
      )}
      <div className="report-actions">
        {readOnly && text && (
          <button
            type="button"
            className="button button-secondary report-copy"
            onClick={() => void copyText(text)}
            data-testid="copy-report"
          >
            Kopier tekst
          </button>
        )}
        <RestoreSavedButton readOnly={readOnly} />
        <button
          type="button"
          className="button button-secondary"
          disabled={readOnly || !text}
          onClick={() => {
            clear();
            toast({
              title: 'Rapport tømt',
              action: { label: 'Angre', altText: 'Angre med knappen Angre ved rapportfeltet', run: undoClear },
            });
          }}
          data-testid="report-clear"
        >
          Tøm
        </button>
        <button
          type="button"
          className="button"
          disabled={readOnly || saving}
          onClick={async () => tellSaveOutcome(await save())}
          data-testid="report-save"
        >
          Lagre
        </button>
      </div>
    </section>
  );
}
