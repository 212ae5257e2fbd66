import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE, SUPERVISOR_ROLE, type Role, type Sick, type TaskRounds } from '#protocol';
import { deferred, json, refusal, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { KARI, myReportBody, reportBody, SCHOOL } from '../../testing/reportBodies';
import { allByTestId, byTestId, render, textOf, update, waitFor } from '../../testing/render';
import { userOf } from '../../testing/users';
import { useAuthStore } from '../../stores/authStore';
import { resetStores } from '../../stores/registry';
import { writeDraft } from '../myReport/reportDrafts';
import { useMyReportStore } from '../myReport/myReportStore';
import { SupervisorHomePage } from './SupervisorHomePage';

const DAY = '2026-11-20';
// Oslo is UTC+1 in November.
const FRIDAY_EVENING = '2026-11-20T20:00:00Z';
const SATURDAY_0845 = '2026-11-21T07:45:00Z';
const SATURDAY_0900_PAST = '2026-11-21T08:00:30Z';

let sent: SentRequest[];
let rounds: TaskRounds;
/** The answer to the next tick, when the test gives one (the server's merging of ticks: myReportStore.server.test.ts). */
let tickAnswer: Promise<Response> | null;
const sickAsked: string[] = [];

const sickOf = (date: string): Sick => ({ names: [`Syk ${date}`], comment: '', studentComments: {}, revision: 1 });

beforeEach(() => {
  localStorage.clear();
  resetStores();
  sickAsked.length = 0;
  rounds = { schoolId: SCHOOL, date: DAY, rounds: [] };
  tickAnswer = null;
  sent = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/reports/my' && request.method === 'GET') return json(myReportBody(url.searchParams.get('date') ?? DAY));
    if (url.pathname.startsWith('/api/reports/my/tasks/') && tickAnswer) return tickAnswer;
    if (url.pathname === '/api/away') return json({ names: [], individualStudentNames: [], returnDates: {}, classes: [] });
    if (url.pathname === `/api/tasks-config/${SCHOOL}`) {
      return json({ schoolId: SCHOOL, buttons: ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `Oppgave ${id}` })), version: 0 });
    }
    if (url.pathname === '/api/task-rounds') return json(rounds);
    if (url.pathname === '/api/sick') {
      const date = url.searchParams.get('date')!;
      sickAsked.push(date);
      return json(sickOf(date));
    }
    return refusal(404, 'Ikke funnet');
  });
});

afterEach(() => vi.useRealTimers());

/** The board as `role` sees it at `instant` (only Date is faked: the board's timers stay real). */
async function openBoard(role: Role, instant: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  useAuthStore.setState({ phase: 'signedIn', user: userOf(role, { id: KARI, schoolId: SCHOOL }) });
  await render(
    <MemoryRouter>
      <SupervisorHomePage />
    </MemoryRouter>,
  );
  await waitFor(() => expect(allByTestId('sick-chip')).not.toHaveLength(0));
}

const task = (id: string) => byTestId(`task-${id}`)!;

describe('the board (Tilsynsvakt home)', () => {
  it("a supervisor's lists follow the report day the server has open, even when this device's clock is past 09:00", async () => {
    await openBoard(SUPERVISOR_ROLE, SATURDAY_0900_PAST);

    await waitFor(() => expect(allByTestId('sick-chip').map(textOf)).toEqual([`Syk ${DAY}`]));
    expect(textOf(byTestId('report-day'))).toBe('Natt til lørdag 21. november 2026');
    // Until the server has answered, the board goes by the clock; then by the server's day.
    expect(sickAsked.at(-1)).toBe(DAY);
  });

  it('other roles see the report day of the clock, and no report to write', async () => {
    await openBoard(ADMIN_ROLE, SATURDAY_0900_PAST);

    expect(sickAsked).toEqual(['2026-11-21']);
    expect(byTestId('report-card')).toBeNull();
    expect(textOf(byTestId('report-readonly')?.querySelector('h2'))).toBe('Dagsrapport');
    // Their tasks show the status only.
    expect(task('1').tagName).toBe('DIV');
    expect(sent.filter((r) => r.url.startsWith('/api/reports/my'))).toEqual([]);
  });

  it("a supervisor ticks a task of the open day: shown at once, saved into the day's report", async () => {
    await openBoard(SUPERVISOR_ROLE, FRIDAY_EVENING);
    expect(task('2').tagName).toBe('BUTTON');

    const answer = deferred<Response>();
    tickAnswer = answer.promise;

    await update(() => task('2').click());
    // Shown at once, before the server has answered.
    expect(task('2').getAttribute('data-state')).toBe('mine');
    // A tick of its own, merged into the day's report on the server; the text is not sent.
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/reports/my/tasks/2', body: { date: DAY, done: true, tickId: expect.any(String) } },
      ]),
    );

    await update(() => answer.resolve(json(reportBody(DAY, '', 1, { completedTasks: ['2'] }))));
    await waitFor(() => expect(useMyReportStore.getState().pendingTicks).toBeNull());
    expect(useMyReportStore.getState().report?.completedTasks).toEqual(['2']);
    expect(task('2').getAttribute('data-state')).toBe('mine');
  });

  it('08:30–09:00 Oslo: the tasks cannot be ticked', async () => {
    await openBoard(SUPERVISOR_ROLE, SATURDAY_0845);

    expect(byTestId('report-reset-window')).not.toBeNull();
    expect(task('1').tagName).toBe('DIV');
  });

  it("rounds of another report day are not shown on today's tasks", async () => {
    rounds = {
      schoolId: SCHOOL,
      date: '2026-11-19',
      rounds: [{ taskId: '1', userId: KARI, userName: 'Ola', at: '2026-11-19T20:00:00Z', tickId: 't1' }],
    };
    await openBoard(SUPERVISOR_ROLE, FRIDAY_EVENING);

    expect(task('1').getAttribute('data-state')).toBe('open');
    expect(allByTestId('duty-round')).toEqual([]);
  });

  it("a supervisor's unsaved text of a closed day is shown above the tasks, to be copied", async () => {
    writeDraft(KARI, '2026-11-19', 'Torsdagens tekst', 0);
    await openBoard(SUPERVISOR_ROLE, FRIDAY_EVENING);

    const cards = allByTestId('locked-draft');
    expect(cards).toHaveLength(1);
    expect(textOf(cards[0]!.querySelector('h2'))).toBe('Ulagret tekst fra torsdag 19. november 2026');
  });
});
