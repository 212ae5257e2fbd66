import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  formatShiftNo,
  isResetWindow,
  mayRole,
  POLICY,
  PRODUCT_NAME,
  reportDay,
  SCHOOL_ADMIN_ROLES,
  SUPERVISOR_ROLE,
  type TaskId,
} from '#protocol';
import { useCurrentUser } from '../../stores/authStore';
import { dayScope } from '../../stores/dayScope';
import { useAwayStore } from '../away/awayStore';
import { useSickStore } from '../sick/sickStore';
import { useTaskButtonsStore } from '../taskButtons/taskButtonsStore';
import { useTaskRoundsStore } from '../rounds/roundsStore';
import { useMyReport, useMyReportStore } from '../myReport/myReportStore';
import { useLoaded } from '../../stores/useLoaded';
import { FooterLinks } from '../../ui/FooterLinks';
import { useBoardAnnouncements } from '../announcements/useBoardAnnouncements';
import { AppHeader } from '../../ui/AppHeader';
import { ListState } from '../../ui/ListState';
import { CopiedAt, earliest } from '../../ui/CopiedAt';
import { AdminSchoolPicker } from '../schools/AdminSchoolPicker';
import { DailyReportCard } from '../myReport/DailyReportCard';
import { LockedDraftCard } from '../myReport/LockedDraftCard';
import { AwayList, SickList } from './StudentLists';
import { SupervisorNav } from '../maintenance/SupervisorNav';
import { TaskGrid } from '../taskButtons/TaskGrid';
import { useReportClock } from './useReportClock';
import { useSaveWhenOnline } from '../myReport/useSaveWhenOnline';
import { tellSaveOutcome, WAITING_TITLE } from '../myReport/saveOutcome';
import { useWaiting } from '../../stores/outbox';
import { TICK_KIND, waitingRounds, type WaitingTick } from '../myReport/waitingTicks';
import { WaitingCases } from '../maintenance/WaitingCases';
import { useSchoolScope } from '../schools/useSchoolScope';
import { PushToggle } from '../push/PushToggle';
import { useReportDay } from '../../ui/useToday';
import { RollCallCard } from '../rollCalls/RollCallCard';
import '../../ui/text.css';
import '../../ui/boardCard.css';
import './supervisor.css';

/** SUPERVISOR_HOME: the shared board. Tilsynsvakt writes; every other role reads. */
export function SupervisorHomePage() {
  const user = useCurrentUser();
  const isAdmin = SCHOOL_ADMIN_ROLES.includes(user.role);
  // The shift, as the report card says it: after midnight still the night that began the evening before.
  const today = useReportDay();
  const { picksSchool, schoolId, query } = useSchoolScope();
  return (
    <div className="app-shell">
      <AppHeader
        title={PRODUCT_NAME}
        subtitle={<span data-testid="today">{formatShiftNo(today)}</span>}
        backTo={isAdmin ? '/admin' : undefined}
        backLabel="Tilbake til Admin Meny"
      />
      <main className="page board-page" data-testid="supervisor-home">
        {picksSchool && <AdminSchoolPicker />}
        {schoolId === null || query === null ? (
          <p className="empty">Velg en skole for å se tilsynet.</p>
        ) : (
          <Board schoolId={schoolId} query={query} userId={user.id} isSupervisor={mayRole(POLICY.ownReport.change, user.role)} />
        )}
        <FooterLinks changePassword={user.role === SUPERVISOR_ROLE} />
      </main>
      <SupervisorNav />
    </div>
  );
}

interface BoardProps {
  schoolId: string;
  query: string;
  userId: string;
  isSupervisor: boolean;
}

function Board({ schoolId, query, userId, isSupervisor }: BoardProps) {
  const { role } = useCurrentUser();
  const now = useReportClock(isSupervisor);
  useSaveWhenOnline();
  const myDay = useMyReportStore((state) => state.day);
  const day = (isSupervisor ? myDay : null) ?? reportDay(now);
  const lockedDrafts = useMyReportStore((state) => state.lockedDrafts);
  useBoardAnnouncements(userId);

  useMyReport(isSupervisor ? userId : null);
  const roundsLoad = useLoaded(useTaskRoundsStore, query);
  const sickLoad = useLoaded(useSickStore, dayScope(query, day));
  const awayLoad = useLoaded(useAwayStore, dayScope(query, day));
  const sick = useSickStore((state) => state.data);
  const away = useAwayStore((state) => state.data);

  return (
    // In reading order: the rounds, who is sick and away, then the report. On wide screens the
    // lists stand in a column of their own beside the rounds and the report.
    <div className="board">
      <div className="board-main">
        {isSupervisor && lockedDrafts.map((draft) => <LockedDraftCard key={draft.date} draft={draft} />)}
        <Tasks schoolId={schoolId} day={day} now={now} isSupervisor={isSupervisor} roundsCopiedAt={roundsLoad.copiedAt} />
        {mayRole(POLICY.rollCalls.see, role) && <RollCallCard />}
      </div>
      <div className="board-side">
        <SickList data={sick} loaded={sickLoad.loaded} failed={sickLoad.failed} onRetry={sickLoad.retry} copiedAt={sickLoad.copiedAt} />
        <AwayList
          data={away}
          loaded={awayLoad.loaded}
          failed={awayLoad.failed}
          onRetry={awayLoad.retry}
          copiedAt={awayLoad.copiedAt}
          day={day}
        />
      </div>
      <div className="board-report">
        {isSupervisor && <WaitingCases />}
        {isSupervisor ? (
          <DailyReportCard now={now} />
        ) : (
          <section className="card board-card" aria-labelledby="report-title" data-testid="report-readonly">
            <h2 id="report-title" className="section-title">
              Dagsrapport
            </h2>
            <p className="muted">Dagsrapporten skrives av tilsynsvakten på vakt. Her ser du tilsynet slik vaktene ser det.</p>
            <Link to="/rapporter" className="back-link">
              Se rapportene
            </Link>
          </section>
        )}
        {isSupervisor && <PushToggle className="card board-card push-card" />}
      </div>
    </div>
  );
}

interface TasksProps {
  schoolId: string;
  day: string;
  now: Date;
  isSupervisor: boolean;
  /** The rounds shown are this device's copy, fetched then (off line after a reload). */
  roundsCopiedAt: string | null;
}

function Tasks({ schoolId, day, now, isSupervisor, roundsCopiedAt }: TasksProps) {
  const { loaded, failed, retry, copiedAt } = useLoaded(useTaskButtonsStore, schoolId);
  const byId = useTaskButtonsStore((state) => state.byId);
  const tickTask = useMyReportStore((state) => state.tickTask);
  const undoTick = useMyReportStore((state) => state.undoTick);
  const userId = useCurrentUser().id;
  const rounds = useTaskRoundsStore((state) => state.data);
  const report = useMyReportStore((state) => state.report);
  const pendingTicks = useMyReportStore((state) => state.pendingTicks);
  const saving = useMyReportStore((state) => state.saving);

  const waitingTicks = useWaiting<WaitingTick>(TICK_KIND).filter((entry) => entry.payload.date === day);
  const waiting = useMemo(() => waitingRounds(waitingTicks, day), [waitingTicks, day]);
  const buttons = useMemo(() => Object.values(byId).sort((a, b) => a.id.localeCompare(b.id)), [byId]);
  const ownReport = isSupervisor && report?.date === day ? report : null;
  const canToggle = !!ownReport && !ownReport.locked && !ownReport.resetWindow && !isResetWindow(now);

  return (
    <section className="card board-card" aria-labelledby="tasks-title" data-testid="tasks">
      <div className="board-card-head">
        <h2 id="tasks-title" className="section-title">
          Gjøremål
        </h2>
        {waitingTicks.length > 0 && (
          <span className="pill pill-warning" role="status" data-testid="ticks-waiting">
            {WAITING_TITLE}
          </span>
        )}
      </div>
      <CopiedAt at={earliest(roundsCopiedAt, copiedAt)} />
      {!loaded ? (
        // As tall as the six tasks will be, so the lists below do not jump when they arrive.
        <div className="duty-grid-placeholder">
          <ListState loaded={loaded} failed={failed} loadingText="Laster gjøremål..." onRetry={retry} />
        </div>
      ) : (
        // Rounds ticked off line show as mine, waiting, until sent (stores/outbox.ts).
        <TaskGrid
          buttons={buttons}
          userId={isSupervisor ? userId : null}
          rounds={rounds?.date === day ? rounds : null}
          waiting={isSupervisor ? waiting : []}
          mine={ownReport ? (pendingTicks ?? ownReport.completedTasks) : []}
          onTick={canToggle ? async (id: TaskId) => tellSaveOutcome(await tickTask(id)) : undefined}
          onUndo={canToggle ? async (id: TaskId, tickId: string) => tellSaveOutcome(await undoTick(id, tickId)) : undefined}
          busy={saving || pendingTicks !== null}
        />
      )}
    </section>
  );
}
