import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, PLATFORM_ADMIN_ROLE, reportDay, SUPERVISOR_ROLE, type Report, type Sick, type TaskRounds } from '#protocol';
import { json, refusal, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { KARI, SCHOOL } from '../../testing/reportBodies';
import { userOf } from '../../testing/users';
import { useAuthStore } from '../../stores/authStore';
import { reportEvents } from '../report/reportViews';
import { sickListUpdated } from '../sick/sickStore';
import { taskRoundsUpdated } from '../rounds/roundsStore';
import { dayScope } from '../../stores/dayScope';
import { useSickStore } from '../sick/sickStore';
import { taskButtonsUpdated, useTaskButtonsStore, useTaskLabelsVersion } from '../taskButtons/taskButtonsStore';
import { useTaskRoundsStore } from '../rounds/roundsStore';
import { resetStores } from '../../stores/registry';
import { useRecentReportsStore } from '../report/reportsStore';

const DAY = '2026-11-20';
const OTHER_SCHOOL = 'ffffffffffffffffffffffff';

const rounds = (date: string, userName: string): TaskRounds => ({
  schoolId: SCHOOL,
  date,
  rounds: [{ taskId: '1', userId: KARI, userName, at: `${date}T20:00:00.000Z`, tickId: `t-${date}` }],
});
const sick = (names: string[], revision: number): Sick => ({ names, comment: '', studentComments: {}, revision });

let server: { rounds: TaskRounds; sick: Sick; sent: SentRequest[] };

beforeEach(() => {
  resetStores();
  useAuthStore.setState({ phase: 'signedIn', user: userOf(SUPERVISOR_ROLE) });
  server = { rounds: rounds(DAY, 'Kari'), sick: sick(['Per'], 3), sent: [] };
  server.sent = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/task-rounds') return json(server.rounds);
    if (url.pathname === '/api/sick') return json(server.sick);
    if (url.pathname === '/api/reports/recent7') return json([]);
    if (url.pathname === `/api/tasks-config/${SCHOOL}`)
      return json({ schoolId: SCHOOL, buttons: [{ id: '1', label: 'Runde 1' }], version: 0 });
    return refusal(404, 'Ikke funnet');
  });
});

const asks = (path: string) => server.sent.filter((r) => new URL(r.url, 'http://localhost').pathname === path).length;

describe('the board kept live by socket events', () => {
  it("the rounds of the day on screen are replaced by the event's", async () => {
    await useTaskRoundsStore.getState().ensure('');

    taskRoundsUpdated(rounds(DAY, 'Ola'));

    expect(useTaskRoundsStore.getState().data?.rounds[0]?.userName).toBe('Ola');
  });

  it("a late event of a report day that is over does not replace the new day's board", async () => {
    server.rounds = rounds('2026-11-21', 'Ny dag');
    await useTaskRoundsStore.getState().ensure('');

    taskRoundsUpdated(rounds(DAY, 'Gammel dag'));

    expect(useTaskRoundsStore.getState().data).toMatchObject({ date: '2026-11-21', rounds: [{ userName: 'Ny dag' }] });
  });

  it("the Plattformadministrator's board takes the rounds of the school on screen only, without asking again", async () => {
    useAuthStore.setState({ user: userOf(PLATFORM_ADMIN_ROLE, { schoolId: null }) });
    server.rounds = rounds(DAY, 'Fra serveren');
    await useTaskRoundsStore.getState().ensure(SCHOOL);

    taskRoundsUpdated({ ...rounds(DAY, 'Fra en annen skole'), schoolId: OTHER_SCHOOL });
    expect(useTaskRoundsStore.getState().data?.rounds[0]?.userName).toBe('Fra serveren');
    taskRoundsUpdated(rounds(DAY, 'Fra denne skolen'));
    expect(useTaskRoundsStore.getState().data?.rounds[0]?.userName).toBe('Fra denne skolen');
    expect(asks('/api/task-rounds')).toBe(1);
  });

  it('a sick list of the day on screen is shown; another day, or an older revision, is not', async () => {
    await useSickStore.getState().ensure(dayScope('', DAY));

    sickListUpdated({ schoolId: SCHOOL, date: '2026-11-21', ...sick(['Annen dag'], 9) });
    sickListUpdated({ schoolId: SCHOOL, date: DAY, ...sick(['Eldre'], 2) });
    expect(useSickStore.getState().data?.names).toEqual(['Per']);

    sickListUpdated({ schoolId: SCHOOL, date: DAY, ...sick(['Per', 'Kari'], 4) });
    expect(useSickStore.getState().data).toMatchObject({ names: ['Per', 'Kari'], revision: 4 });
  });

  it('the Plattformadministrator sees only the sick list of the school on screen', async () => {
    useAuthStore.setState({ user: userOf(PLATFORM_ADMIN_ROLE, { schoolId: null }) });
    await useSickStore.getState().ensure(dayScope(SCHOOL, DAY));

    sickListUpdated({ schoolId: OTHER_SCHOOL, date: DAY, ...sick(['Annen skole'], 10) });
    expect(useSickStore.getState().data?.names).toEqual(['Per']);

    sickListUpdated({ schoolId: SCHOOL, date: DAY, ...sick(['Denne skolen'], 10) });
    expect(useSickStore.getState().data?.names).toEqual(['Denne skolen']);
  });

  it("a saved report enters /rapporter's list, and a deleted one leaves it", async () => {
    useAuthStore.setState({ user: userOf(ADMIN_ROLE) });
    await useRecentReportsStore.getState().ensure('');
    // /rapporter holds the last seven report days: today's report belongs there.
    const date = reportDay(new Date());
    const report: Report = {
      id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      date,
      authorName: 'Kari Nordmann',
      authorUserId: KARI,
      schoolId: SCHOOL,
      content: 'Rolig',
      completedTasks: ['1'],
      ticks: [],
      awayStudents: [],
      locked: false,
      updatedAt: new Date().toISOString(),
      version: 1,
    };

    reportEvents['reports.saved'](report, { requestId: null });
    expect(useRecentReportsStore.getState().byId[report.id]).toMatchObject({ authorName: 'Kari Nordmann', date });

    reportEvents['reports.deleted']({ id: report.id }, { requestId: null });
    expect(useRecentReportsStore.getState().byId).toEqual({});
  });

  it("new task labels of the school on screen replace the old ones; another school's are not shown", async () => {
    await useTaskButtonsStore.getState().ensure(SCHOOL);
    taskButtonsUpdated({ schoolId: OTHER_SCHOOL, buttons: [{ id: '1', label: 'Fra en annen skole' }], version: 3 });
    expect(useTaskButtonsStore.getState().byId['1']?.label).toBe('Runde 1');
    taskButtonsUpdated({ schoolId: SCHOOL, buttons: [{ id: '1', label: 'Kveldsrunde' }], version: 1 });
    expect(useTaskButtonsStore.getState().byId['1']?.label).toBe('Kveldsrunde');
    // The version an edit of the labels is made from follows, per school.
    expect(useTaskLabelsVersion.getState().bySchool).toMatchObject({ [SCHOOL]: 1, [OTHER_SCHOOL]: 3 });
  });
});
