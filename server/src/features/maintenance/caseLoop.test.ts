import { afterEach, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { MAINTENANCE_TEXTS, REJECT_REASON_MAX_LENGTH, type MaintenanceTask } from '#protocol/maintenance';
import { SUPERVISOR_ROLE } from '#protocol/roles';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';

/**
 * The case loop closed (issue 44): the sender reads their cases' outcome on 'Mine saker', live,
 * with a rejection's reason; a case can be reopened from the archive, and its history keeps all.
 */
const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);

clock.setOslo('2026-11-21', 22, 5);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const BASE = '/api/maintenance-tasks';
const forSchoolA = (path: string) => `${path}?schoolId=${fx.a.id}`;

async function sent(roomNumber = 'Gymsal', description = 'Nettet i basketkurven er revet'): Promise<MaintenanceTask> {
  const res = await c.supervisorA.post<MaintenanceTask>(`${BASE}/submit`, { roomNumber, description });
  expect(res.status).toBe(201);
  return res.body;
}

const OWN_CASES = '/api/account/cases';
const mine = async () => (await c.supervisorA.get<MaintenanceTask[]>(OWN_CASES)).body;

describe('PUT /api/maintenance-tasks/{id}/reject with a reason', () => {
  it('stores the trimmed reason and shows it in the case and its history; the spec’s call without a body still rejects', async () => {
    const withReason = await sent('214', 'Lampen blinker');
    const res = await c.caretakerA.put<MaintenanceTask>(`${BASE}/${withReason.id}/reject`, { reason: '  Lampen er ny, bytt pære selv  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectedByName: 'Vaktmester A', rejectReason: 'Lampen er ny, bytt pære selv' });
    expect(res.body.history.map((h) => [h.action, h.byName, h.reason])).toEqual([
      ['created', 'Kari A', null],
      ['rejected', 'Vaktmester A', 'Lampen er ny, bytt pære selv'],
    ]);

    const bare = await sent('215', 'Vindu trekker');
    const spec = await c.caretakerA.put<MaintenanceTask>(`${BASE}/${bare.id}/reject`);
    expect(spec.status).toBe(200);
    expect(spec.body).toMatchObject({ status: 'rejected', rejectReason: null });

    const empty = await sent('216', 'Dør knirker');
    expect((await c.adminA.put<MaintenanceTask>(`${BASE}/${empty.id}/reject`, { reason: '   ' })).body.rejectReason).toBeNull();
    const noReason = await sent('217', 'Hylle løs');
    expect((await c.adminA.put<MaintenanceTask>(`${BASE}/${noReason.id}/reject`, {})).body.rejectReason).toBeNull();
  });

  it('refuses a reason that is too long, not text, or holds control characters, and leaves the case pending', async () => {
    const task = await sent('301', 'Kald radiator');
    for (const reason of ['x'.repeat(REJECT_REASON_MAX_LENGTH + 1), 42, ['a'], 'før\u0000etter']) {
      const res = await c.caretakerA.put<{ message: string }>(`${BASE}/${task.id}/reject`, { reason });
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(res.body.message).toContain('begrunnelse');
    }
    expect((await mine()).find((t) => t.id === task.id)?.status).toBe('pending');
  });
});

describe("GET /api/account/cases ('Mine saker')", () => {
  it('is for a Tilsynsvakt alone, and holds only the cases they sent, newest first', async () => {
    await expectAccess(c, (x) => x.get(OWN_CASES), refusedExcept({ supervisorA: 200 }));
    const other = await makeUser(fx.a.id, SUPERVISOR_ROLE);
    const otherClient = await signedIn(server.baseUrl, other);
    const theirs = (await otherClient.post<MaintenanceTask>(`${BASE}/submit`, { roomNumber: 'Gang 2. etg', description: 'Lys' })).body;
    clock.set(new Date(clock.now().getTime() + 60_000));
    const first = await sent('A1', 'Først');
    clock.set(new Date(clock.now().getTime() + 60_000));
    const second = await sent('A2', 'Så');
    const list = await mine();
    expect(list.map((t) => t.id)).not.toContain(theirs.id);
    expect(list.map((t) => t.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await otherClient.get<MaintenanceTask[]>(OWN_CASES)).body.map((t) => t.id)).toEqual([theirs.id]);
    // Another school's Tilsynsvakt sees none of school A's.
    const supervisorB = await signedIn(server.baseUrl, fx.b.supervisor);
    expect((await supervisorB.get<MaintenanceTask[]>(OWN_CASES)).body).toEqual([]);
  });

  it('shows the place as it was typed', async () => {
    const task = await sent('Gymsal', 'Ball i taket');
    expect((await mine()).find((t) => t.id === task.id)?.roomNumber).toBe('Gymsal');
  });
});

describe('PUT /api/maintenance-tasks/{id}/reopen', () => {
  it('is for the Vaktmester, the Admin and the Plattformadministrator (naming the school); others are refused', async () => {
    const byCaretaker = await sent('401', 'Vask tett');
    await c.caretakerA.put(`${BASE}/${byCaretaker.id}/complete`);
    await expectAccess(c, (x) => x.put(`${BASE}/${byCaretaker.id}/reopen`), {
      anonymous: 401,
      supervisorA: 403,
      pendingA: 403,
      deactivatedA: 403,
      adminB: 404,
      caretakerA: 200,
    });
    const byAdmin = await sent('402', 'Dusj kald');
    await c.caretakerA.put(`${BASE}/${byAdmin.id}/reject`, { reason: 'Varmtvann kommer i morgen' });
    expect((await c.adminA.put(`${BASE}/${byAdmin.id}/reopen`)).status).toBe(200);
    const byPlatform = await sent('403', 'Stol brukket');
    await c.adminA.put(`${BASE}/${byPlatform.id}/complete`);
    expect((await c.platform.put(forSchoolA(`${BASE}/${byPlatform.id}/reopen`))).status).toBe(200);
    const caretakerB = await signedIn(server.baseUrl, fx.b.caretaker);
    expect((await caretakerB.put(`${BASE}/${byPlatform.id}/reopen`)).status).toBe(404);
  });

  it('puts the case back among the pending ones, keeps every step in its history, and refuses a pending case', async () => {
    const task = await sent('Kjøkken', 'Oppvaskmaskin lekker');
    await c.caretakerA.put(`${BASE}/${task.id}/reject`, { reason: 'Ikke vår maskin' });
    clock.set(new Date(clock.now().getTime() + 60_000));
    const reopened = await c.adminA.put<MaintenanceTask>(`${BASE}/${task.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'pending', rejectedByName: null, rejectedAt: null, rejectReason: null });
    const again = await c.caretakerA.put<{ message: string }>(`${BASE}/${task.id}/reopen`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MAINTENANCE_TEXTS.notClosed);
    await c.caretakerA.put(`${BASE}/${task.id}/complete`);
    const pending = (await c.caretakerA.get<MaintenanceTask[]>(`${BASE}?status=pending`)).body.map((t) => t.id);
    expect(pending).not.toContain(task.id);
    const history = (await mine()).find((t) => t.id === task.id)!.history;
    expect(history.map((h) => [h.action, h.byName, h.reason])).toEqual([
      ['created', 'Kari A', null],
      ['rejected', 'Vaktmester A', 'Ikke vår maskin'],
      ['reopened', 'Admin A', null],
      ['completed', 'Vaktmester A', null],
    ]);
    expect(history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
  });

  it('answers 404 for a case that does not exist and 400 for an id that is none', async () => {
    expect((await c.caretakerA.put(`${BASE}/aaaaaaaaaaaaaaaaaaaaaaaa/reopen`)).status).toBe(404);
    expect((await c.caretakerA.put(`${BASE}/ikke-en-id/reopen`)).status).toBe(400);
  });
});

describe('the sender hears back, live', () => {
  it('the sender’s sockets get the outcome within a second, with the reason; nobody else gets ownCases events', async () => {
    const sender = await sockets.connectAs(fx.a.supervisor);
    const senderEvents = record(sender.socket, ['ownCases.saved', 'ownCases.deleted']);
    const others = await Promise.all(
      [fx.a.caretaker, fx.a.admin, fx.platformAdmin, fx.b.supervisor].map(async (user) =>
        record((await sockets.connectAs(user)).socket, ['ownCases.saved', 'ownCases.deleted']),
      ),
    );
    const colleague = await makeUser(fx.a.id, SUPERVISOR_ROLE);
    const colleagueEvents = record((await sockets.connectAs(colleague)).socket, ['ownCases.saved', 'ownCases.deleted']);

    const task = await sent('Gang 2. etg', 'Lyset blinker');
    await waitFor(() => senderEvents.length === 1);
    expect(senderEvents[0]).toMatchObject({ event: 'ownCases.saved', payload: { id: task.id, status: 'pending' } });

    const started = Date.now();
    await c.caretakerA.put(`${BASE}/${task.id}/reject`, { reason: 'Meldt til elektriker' });
    await waitFor(() => senderEvents.length === 2, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(senderEvents[1]).toMatchObject({
      event: 'ownCases.saved',
      payload: { id: task.id, status: 'rejected', rejectedByName: 'Vaktmester A', rejectReason: 'Meldt til elektriker' },
    });

    await c.adminA.put(`${BASE}/${task.id}/reopen`);
    await waitFor(() => senderEvents.length === 3, 1000);
    expect(senderEvents[2]).toMatchObject({ event: 'ownCases.saved', payload: { id: task.id, status: 'pending' } });

    await c.caretakerA.put(`${BASE}/${task.id}/complete`);
    await waitFor(() => senderEvents.length === 4, 1000);
    expect(senderEvents[3]).toMatchObject({ payload: { status: 'completed', completedByName: 'Vaktmester A' } });

    await c.adminA.delete(`${BASE}/${task.id}`);
    await waitFor(() => senderEvents.length === 5, 1000);
    expect(senderEvents[4]).toEqual({ event: 'ownCases.deleted', payload: { id: task.id } });

    await sockets.drainAll();
    for (const events of [...others, colleagueEvents]) expect(events).toEqual([]);
  });
});
