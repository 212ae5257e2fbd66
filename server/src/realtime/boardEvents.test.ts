import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import { writeMyReport } from '../../test/reportWrites';
import type { Fixture, FixtureUser } from '../../test/fixtures';
import { signedIn } from '../../test/sessions';
import { record, socketPool, waitFor } from '../../test/sockets';
import { TestClock } from '../../test/testClock';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';
import { osloInstant } from '#protocol/time';

const clock = new TestClock(osloInstant('2026-11-21', 21, 14));
let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);

useServerWithFixture((started) => ({ server, fx } = started), {}, { clock });
afterEach(() => sockets.closeAll());

const listen = async (user: FixtureUser) =>
  record((await sockets.connectAs(user)).socket, ['taskRounds.updated', 'reports.saved', 'taskButtons.updated']);

describe('the shared board, live', () => {
  it('a round ticked by one supervisor reaches the others of the school, and nobody elsewhere', async () => {
    const colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
    const colleagueSees = await listen(colleague);
    const adminSees = await listen(fx.a.admin);
    const otherSchool = await listen(fx.b.supervisor);
    const platform = await listen(fx.platformAdmin);

    const kari = await signedIn(server.baseUrl, fx.a.supervisor);
    const saved = await kari.put('/api/reports/my/tasks/3', { date: '2026-11-21', done: true, tickId: 'kari-runde-3' });
    expect(saved.status).toBe(200);

    await waitFor(() => colleagueSees.some((e) => e.event === 'taskRounds.updated'));
    const rounds = colleagueSees.find((e) => e.event === 'taskRounds.updated')!.payload;
    expect(rounds).toEqual({
      schoolId: fx.a.id,
      date: '2026-11-21',
      rounds: [
        {
          taskId: '3',
          userId: fx.a.supervisor.id,
          userName: 'Kari A',
          at: new Date('2026-11-21T20:14:00Z').toISOString(),
          tickId: 'kari-runde-3',
        },
      ],
    });
    await waitFor(() => adminSees.length === 2 && platform.length === 2);
    expect(adminSees.map((e) => e.event).sort()).toEqual(['reports.saved', 'taskRounds.updated']);

    // Saving the text again without changing the ticks does not move the board.
    colleagueSees.length = 0;
    expect((await writeMyReport(kari, '2026-11-21', 'Mer', ['3'])).status).toBe(200);
    await waitFor(() => colleagueSees.length === 1);
    expect(colleagueSees[0]!.event).toBe('reports.saved');
    await sockets.drainAll();
    expect(colleagueSees).toHaveLength(1);
    expect(otherSchool).toEqual([]);
  });

  it('new task labels reach the whole school at once', async () => {
    const supervisorSees = await listen(fx.a.supervisor);
    const otherSchool = await listen(fx.b.supervisor);
    const buttons = ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `Oppgave ${id}` }));
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const { version } = (await admin.get<{ version: number }>(`/api/tasks-config/${fx.a.id}`)).body;
    expect((await admin.put(`/api/tasks-config/${fx.a.id}`, { buttons, baseVersion: version })).status).toBe(200);
    await waitFor(() => supervisorSees.length === 1);
    expect(supervisorSees[0]).toEqual({ event: 'taskButtons.updated', payload: { schoolId: fx.a.id, buttons, version: version + 1 } });
    await sockets.drainAll();
    expect(otherSchool).toEqual([]);
  });
});
