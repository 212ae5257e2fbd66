import { afterEach, describe, expect, it } from 'vitest';
import type { Fixture } from '../../test/fixtures';
import { ApiClient } from '../../test/httpClient';
import { signedIn } from '../../test/sessions';
import { collect, connectSocket, nextEvent, socketPool, waitFor, waitForDisconnect, type TestSocket } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { useServerWithFixture } from '../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);
const open: TestSocket[] = [];

useServerWithFixture((started) => ({ server, fx } = started));
afterEach(() => {
  sockets.closeAll();
  for (const s of open.splice(0)) s.close();
});

const socketFor = (user: Fixture['a']['admin']) => sockets.connectAs(user);

describe('socket handshake', () => {
  it('refuses a connection without a session, with a forged cookie, or from another origin', async () => {
    await expect(connectSocket(server.baseUrl, null)).rejects.toThrow();
    await expect(connectSocket(server.baseUrl, 'forged.cookie')).rejects.toThrow();
    const client = await signedIn(server.baseUrl, fx.a.admin);
    await expect(connectSocket(server.baseUrl, client.cookie, 'http://evil.example')).rejects.toThrow();
  });

  it('refuses a deactivated user and accepts a pending one', async () => {
    const deactivated = await signedIn(server.baseUrl, fx.a.deactivated);
    await expect(connectSocket(server.baseUrl, deactivated.cookie)).rejects.toThrow();
    const pending = await signedIn(server.baseUrl, fx.a.pending);
    const socket = await connectSocket(server.baseUrl, pending.cookie);
    open.push(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('users.registered', () => {
  it('reaches the admins of that school and the platform, and nobody else', async () => {
    const adminA = collect((await socketFor(fx.a.admin)).socket, 'users.registered');
    const adminB = collect((await socketFor(fx.b.admin)).socket, 'users.registered');
    const supervisorA = collect((await socketFor(fx.a.supervisor)).socket, 'users.registered');
    const caretakerA = collect((await socketFor(fx.a.caretaker)).socket, 'users.registered');
    const pendingA = collect((await socketFor(fx.a.pending)).socket, 'users.registered');
    const platform = collect((await socketFor(fx.platformAdmin)).socket, 'users.registered');

    const res = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      schoolId: fx.a.id,
      name: 'Live Registrert',
      email: 'live@test.no',
      password: 'hemmelig',
    });
    expect(res.status).toBe(201);

    await waitFor(() => adminA.length === 1 && platform.length === 1);
    expect(adminA[0]).toMatchObject({ name: 'Live Registrert', email: 'live@test.no', status: 'pending', schoolId: fx.a.id });
    expect(adminA[0]).not.toHaveProperty('passwordHash');
    expect(platform[0]).toEqual(adminA[0]);
    await sockets.drainAll();
    expect(adminB).toEqual([]);
    expect(supervisorA).toEqual([]);
    expect(caretakerA).toEqual([]);
    expect(pendingA).toEqual([]);
  });
});

describe('ending access closes live connections', () => {
  it('logout closes that session’s socket, and the old cookie cannot open a new one', async () => {
    const { client, socket } = await socketFor(fx.b.supervisor);
    const cookie = client.cookie;
    const closed = waitForDisconnect(socket);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(server.baseUrl, cookie)).rejects.toThrow();
  });

  it('deactivation closes every socket of that user and kills their cookie on REST and socket', async () => {
    const phone = await socketFor(fx.b.caretaker);
    const desktop = await socketFor(fx.b.caretaker);
    const bystander = await socketFor(fx.b.supervisor);
    const admin = await signedIn(server.baseUrl, fx.b.admin);

    const closedPhone = waitForDisconnect(phone.socket);
    const closedDesktop = waitForDisconnect(desktop.socket);
    const res = await admin.post(`/api/admin/users/${fx.b.caretaker.id}/deactivate`);
    expect(res.status).toBe(200);
    await closedPhone;
    await closedDesktop;
    // The bystander still hears the school after the deactivation has ended the others' sockets.
    const barrier = await nextEvent(bystander.socket, 'classes.created', () =>
      admin.post('/api/admin/classes', { className: 'Etter deaktivering' }),
    );
    expect(barrier).toMatchObject({ schoolId: fx.b.id, className: 'Etter deaktivering' });
    expect(bystander.socket.connected).toBe(true);
    expect((await phone.client.get('/api/auth/me')).status).toBe(401);
    await expect(connectSocket(server.baseUrl, phone.client.cookie)).rejects.toThrow();
  });
});
