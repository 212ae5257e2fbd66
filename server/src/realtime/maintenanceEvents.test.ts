import { afterEach, describe, expect, it } from 'vitest';
import type { Fixture, FixtureUser } from '../../test/fixtures';
import { signedIn } from '../../test/sessions';
import { record, socketPool, waitFor } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);

useServerWithFixture((started) => ({ server, fx } = started));
afterEach(() => sockets.closeAll());

const listen = async (user: FixtureUser) =>
  record((await sockets.connectAs(user)).socket, ['maintenanceTasks.created', 'maintenanceTasks.updated', 'maintenanceTasks.deleted']);

describe('maintenance cases, live', () => {
  it('a submitted case reaches the school’s caretaker, admins and the platform, nobody else; completion follows', async () => {
    const caretaker = await listen(fx.a.caretaker);
    const admin = await listen(fx.a.admin);
    const platform = await listen(fx.platformAdmin);
    const supervisor = await listen(fx.a.supervisor);
    const otherCaretaker = await listen(fx.b.caretaker);

    const sent = await (
      await signedIn(server.baseUrl, fx.a.supervisor)
    ).post<{ id: string }>('/api/maintenance-tasks/submit', {
      roomNumber: '204',
      description: 'Lampe virker ikke',
    });
    await waitFor(() => caretaker.length === 1 && admin.length === 1 && platform.length === 1);
    expect(caretaker[0]).toMatchObject({
      event: 'maintenanceTasks.created',
      payload: { id: sent.body.id, roomNumber: '204', status: 'pending' },
    });

    await (await signedIn(server.baseUrl, fx.a.caretaker)).put(`/api/maintenance-tasks/${sent.body.id}/complete`);
    await waitFor(() => admin.length === 2 && caretaker.length === 2);
    expect(admin[1]).toMatchObject({ event: 'maintenanceTasks.updated', payload: { id: sent.body.id, status: 'completed' } });

    await (await signedIn(server.baseUrl, fx.a.admin)).delete(`/api/maintenance-tasks/${sent.body.id}`);
    await waitFor(() => caretaker.length === 3);
    expect(caretaker[2]).toEqual({ event: 'maintenanceTasks.deleted', payload: { id: sent.body.id } });
    await sockets.drainAll();
    expect(supervisor).toEqual([]);
    expect(otherCaretaker).toEqual([]);
  });
});
