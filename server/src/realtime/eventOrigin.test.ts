import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '#protocol/origin';
import type { Fixture } from '../../test/fixtures';
import { signedIn } from '../../test/sessions';
import { socketPool, waitFor, type TestSocket } from '../../test/sockets';
import { TestClock } from '../../test/testClock';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';
import { osloInstant } from '#protocol/time';

let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);

const clock = new TestClock(osloInstant('2026-11-21', 21, 0));
useServerWithFixture((started) => ({ server, fx } = started), {}, { clock });
afterEach(() => sockets.closeAll());

/** Every event with the origin that came beside its payload. */
function withOrigins(socket: TestSocket): Array<{ event: string; origin: unknown }> {
  const got: Array<{ event: string; origin: unknown }> = [];
  socket.onAny((event: string, _payload: unknown, origin: unknown) => got.push({ event, origin }));
  return got;
}

describe('who caused an event', () => {
  it('every event of a write carries the request id the writer sent; everyone in the rooms gets the same mark', async () => {
    const caretaker = withOrigins((await sockets.connectAs(fx.a.caretaker)).socket);
    const admin = withOrigins((await sockets.connectAs(fx.a.admin)).socket);
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const requestId = 'vindu-1-d3f0a9c2';
    const sent = await supervisor.request(
      'POST',
      '/api/maintenance-tasks/submit',
      { roomNumber: '12', description: 'Dør' },
      {
        headers: { [REQUEST_ID_HEADER]: requestId },
      },
    );
    expect(sent.status).toBe(201);
    await waitFor(() => caretaker.length === 1 && admin.length === 1);
    expect(caretaker[0]).toEqual({ event: 'maintenanceTasks.created', origin: { requestId } });
    expect(admin[0]).toEqual({ event: 'maintenanceTasks.created', origin: { requestId } });

    // A write that awaits several steps before its last event (a round ticked emits two) marks each.
    const board = withOrigins((await sockets.connectAs(fx.a.caretaker)).socket);
    const tick = { date: '2026-11-21', done: true };
    const saved = await supervisor.request('PUT', '/api/reports/my/tasks/1', tick, { headers: { [REQUEST_ID_HEADER]: 'lagring-0001' } });
    expect(saved.status).toBe(200);
    await waitFor(() => board.length === 2);
    expect(board).toEqual([
      { event: 'reports.saved', origin: { requestId: 'lagring-0001' } },
      { event: 'taskRounds.updated', origin: { requestId: 'lagring-0001' } },
    ]);
  });

  it('a write without a request id, or with one that is not an id, causes events marked null', async () => {
    const caretaker = withOrigins((await sockets.connectAs(fx.a.caretaker)).socket);
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    await supervisor.post('/api/maintenance-tasks/submit', { roomNumber: '13', description: 'Vindu' });
    await supervisor.request(
      'POST',
      '/api/maintenance-tasks/submit',
      { roomNumber: '14', description: 'Vask' },
      {
        headers: { [REQUEST_ID_HEADER]: '<script>alert(1)</script>' },
      },
    );
    await waitFor(() => caretaker.length === 2);
    expect(caretaker.map((e) => e.origin)).toEqual([{ requestId: null }, { requestId: null }]);
  });
});
