import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EVACUATIONS_PATH, formatClockNo, mayRole, notAccountedFor, POLICY, SUPERVISOR_HOME, type Evacuation } from '#protocol';
import { withSchool } from '../../api/http';
import { useCurrentUser } from '../../stores/authStore';
import { useDrawnMeasure } from '../../ui/useDrawnMeasure';
import { useWaiting } from '../../stores/outbox';
import { useLoaded } from '../../stores/useLoaded';
import { AppHeader } from '../../ui/AppHeader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopiedAt } from '../../ui/CopiedAt';
import { ListState } from '../../ui/ListState';
import { useSchoolScope } from '../schools/useSchoolScope';
import { EVACUEE_MARK_KIND, endEvacuation, markEvacuee, type WaitingEvacueeMark } from './evacuationOutbox';
import { evacuationUnderWay, useEvacuationsStore } from './evacuationsStore';
import { useShownEvacuations } from './shownEvacuations';
import { PrintList } from './PrintList';
import { EvacueeGroups } from './EvacueeGroups';
import { StartEvacuation } from './StartEvacuation';
import './evacuation.css';

/** /evakuering (the one under way, or a start) and /evakuering/:id (issue 47). */
export function EvacuationPage() {
  const { id } = useParams();
  const { query, schoolId } = useSchoolScope();
  const load = useLoaded(useEvacuationsStore, query);
  const { byId, waitingIds } = useShownEvacuations();
  const evacuation = id ? byId[id] : evacuationUnderWay(byId);
  const mayStart = mayRole(POLICY.evacuation.change, useCurrentUser().role);
  const school = query ? schoolId : null;
  // /evakuering shows the one under way at its own address, so it stays on screen when it ends. One
  // started here off line stays at /evakuering until the server has it (and perhaps gives it another id).
  const navigate = useNavigate();
  const underWayAt = !id && evacuation && !waitingIds.has(evacuation.id) ? evacuation.id : null;
  useEffect(() => {
    if (underWayAt) void navigate(`${EVACUATIONS_PATH}/${underWayAt}`, { replace: true });
  }, [underWayAt, navigate]);
  return (
    <div className="app-shell">
      <AppHeader title="Evakuering" backTo={SUPERVISOR_HOME} backLabel="Tilbake til tilsynet" />
      <main className="page page-medium evacuation-page" data-testid="evacuation">
        {evacuation ? (
          <EvacuationList
            evacuation={evacuation}
            school={school}
            copiedAt={load.copiedAt}
            notSent={waitingIds.has(evacuation.id)}
            mayEnd={mayStart}
          />
        ) : !load.loaded ? (
          <>
            <ListState loaded={false} failed={load.failed} loadingText="Laster evakueringslisten..." onRetry={load.retry} />
            {/* Not reached and no copy on the phone: it can still start one from tonight's list. */}
            {load.failed && !id && mayStart && <StartEvacuation school={school} />}
          </>
        ) : id ? (
          <p className="empty">Fant ikke evakueringen.</p>
        ) : mayStart ? (
          <StartEvacuation school={school} />
        ) : (
          <p className="empty">Ingen evakuering pågår.</p>
        )}
      </main>
    </div>
  );
}

interface ListProps {
  evacuation: Evacuation;
  school: string | null;
  copiedAt: string | null;
  /** Started on this phone off line: the others do not have it yet. */
  notSent: boolean;
  mayEnd: boolean;
}

function EvacuationList({ evacuation, school, copiedAt, notSent, mayEnd }: ListProps) {
  useDrawnMeasure('evakueringslisten-tegnet');
  const [ending, setEnding] = useState(false);
  const waiting = useWaiting<WaitingEvacueeMark>(EVACUEE_MARK_KIND).filter((e) => e.payload.evacuationId === evacuation.id);
  // This phone's marks still waiting to be sent, on top of the server's.
  const safe = new Map(evacuation.safe.map((m) => [m.personId, true]));
  for (const entry of waiting) safe.set(entry.payload.personId, entry.payload.safe);
  const shown = { people: evacuation.people, safe: [...safe].filter(([, isSafe]) => isSafe).map(([personId]) => ({ personId })) };
  const missing = notAccountedFor(shown);
  const ended = evacuation.endedAt !== null;
  return (
    <>
      {evacuation.drill && (
        <p className="notice notice-warning" data-testid="evacuation-drill">
          Øvelse
        </p>
      )}
      <div className="card evacuation-count-bar">
        <p className="evacuation-count" role="status" data-testid="evacuation-count">
          <span className="evacuation-count-number">{missing}</span> ikke gjort rede for
        </p>
        <p className="muted">
          {evacuation.people.length - missing} av {evacuation.people.length} i sikkerhet. Startet kl. {formatClockNo(evacuation.startedAt)}{' '}
          av {evacuation.startedByName}.
        </p>
        {waiting.length > 0 && (
          <span className="pill pill-warning" data-testid="evacuation-waiting">
            {waiting.length} venter på nett
          </span>
        )}
        <CopiedAt at={copiedAt} />
      </div>
      {notSent && (
        <p className="notice notice-warning" data-testid="evacuation-not-sent">
          Startet på denne telefonen uten nett. De andre ansatte får listen og varselet når telefonen har nett igjen.
        </p>
      )}
      <PrintList pdfPath={notSent ? null : withSchool(`/api/evacuations/${evacuation.id}/list.pdf`, school)} />
      {ended && (
        <p className="notice" data-testid="evacuation-ended">
          Avsluttet kl. {formatClockNo(evacuation.endedAt!)} av {evacuation.endedByName ?? ''}.
        </p>
      )}
      <EvacueeGroups
        people={evacuation.people}
        safe={safe}
        onMark={ended ? null : (personId, isSafe) => markEvacuee({ school, evacuationId: evacuation.id, personId, safe: isSafe })}
      />
      {!ended && mayEnd && (
        <button
          type="button"
          className="button button-block button-danger-outline"
          onClick={() => setEnding(true)}
          data-testid="evacuation-end"
        >
          Avslutt evakueringen
        </button>
      )}
      {ended && <Link to={EVACUATIONS_PATH}>Til evakueringen</Link>}
      <ConfirmDialog
        open={ending}
        onOpenChange={setEnding}
        title="Avslutte evakueringen?"
        description={missing > 0 ? `${missing} er ikke gjort rede for.` : 'Alle er i sikkerhet.'}
        confirmLabel="Avslutt evakueringen"
        onConfirm={() => endEvacuation({ school, evacuationId: evacuation.id })}
        testId="evacuation-end-dialog"
      />
    </>
  );
}
