import { Link } from 'react-router-dom';
import { osloTimeOfDay, REPORT_VERSION_TEXTS } from '#protocol';
import { useMyReportStore } from './myReportStore';

const clock = (iso: string) => {
  const { hour, minute } = osloTimeOfDay(new Date(iso));
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

export const versionsLink = (reportId: string) => `/rapport/${reportId}#tidligere-versjoner`;

/** The saved text was replaced elsewhere (another device, an administrator) while this one showed it. */
function ReplacedNotice() {
  const replaced = useMyReportStore((state) => state.replacedElsewhere);
  const reportId = useMyReportStore((state) => state.report?.id ?? null);
  const dismiss = useMyReportStore((state) => state.dismissReplaced);
  if (!replaced) return null;
  return (
    <div className="notice notice-warning report-notice" role="status" data-testid="report-replaced">
      <span>
        Rapporten ble lagret på nytt et annet sted kl. {clock(replaced.at)}. Teksten som var lagret før, kan du lese under{' '}
        {reportId ? <Link to={versionsLink(reportId)}>{REPORT_VERSION_TEXTS.title.toLowerCase()}</Link> : 'tidligere versjoner'}.
      </span>
      <button type="button" className="button button-secondary button-small" onClick={dismiss}>
        OK
      </button>
    </div>
  );
}

/**
 * An empty box over a saved text says that Lagre would empty the saved report (after Tøm, also
 * after a reload). What Tøm or 'Hent lagret versjon' set aside comes back with 'Angre' until the
 * next keystroke.
 */
function SavedTextNotice({ readOnly }: { readOnly: boolean }) {
  const text = useMyReportStore((state) => state.text);
  const saved = useMyReportStore((state) => state.report?.content ?? '');
  const setAside = useMyReportStore((state) => state.setAside);
  const undoClear = useMyReportStore((state) => state.undoClear);
  if (readOnly) return null;
  const emptyOverSaved = text === '' && saved !== '';
  if (!emptyOverSaved && !setAside) return null;
  const message = !setAside
    ? 'Feltet er tomt, men den lagrede rapporten har tekst. Lagre tømmer den lagrede rapporten.'
    : text === ''
      ? 'Rapport tømt. Den lagrede rapporten er ikke endret før du lagrer.'
      : 'Den lagrede versjonen er hentet. Teksten du hadde, er lagt til side.';
  return (
    <div className="notice notice-warning report-notice" role="status" data-testid="report-saved-differs">
      <span>{message}</span>
      {setAside && (
        <button type="button" className="button button-secondary button-small" onClick={undoClear} data-testid="report-undo">
          Angre
        </button>
      )}
    </div>
  );
}

/** 'Hent lagret versjon': while the box differs from a saved text, the saved one back in the box (what was there set aside). */
export function RestoreSavedButton({ readOnly }: { readOnly: boolean }) {
  const differs = useMyReportStore((state) => !!state.report?.content && state.text !== state.report.content);
  const restoreSaved = useMyReportStore((state) => state.restoreSaved);
  if (readOnly || !differs) return null;
  return (
    <button type="button" className="button button-secondary" onClick={restoreSaved} data-testid="report-restore-saved">
      Hent lagret versjon
    </button>
  );
}

export function ReportTextNotices({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <ReplacedNotice />
      <SavedTextNotice readOnly={readOnly} />
    </>
  );
}
