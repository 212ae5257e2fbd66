import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/callers';
import type { Fixture } from '../../test/fixtures';
import type { ApiClient } from '../../test/httpClient';
import { signedIn } from '../../test/sessions';
import { record, socketPool, waitFor } from '../../test/sockets';
import type { TestServer } from '../../test/testServer';
import { MaintenanceTaskModel } from '../features/maintenance/model';
import { UserModel } from '../core/accounts/userModel';
import { countEverywhere, deleteEverywhere } from '../../test/everySchool';
import { useServerWithFixture } from '../../test/useTestServer';

/** Double submits, double completes and double approves, from two clients at once, act once. */
let server: TestServer;
let fx: Fixture;
const sockets = socketPool(() => server.baseUrl);
useServerWithFixture((started) => ({ server, fx } = started));
beforeEach(async () => {
  await deleteEverywhere(MaintenanceTaskModel);
});
afterEach(() => sockets.closeAll());

const CASE = { roomNumber: '12', description: 'Lekker kran' };
const withKey = (client: ApiClient, path: string, key: string) =>
  client.request<{ id: string }>('POST', path, CASE, { headers: { 'idempotency-key': key } });

describe('acting once', () => {
  it('the same case sent twice at once, or again later, with one key is made once', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const [first, second] = await Promise.all([
      withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0001-abcd'),
      withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0001-abcd'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const later = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0001-abcd');
    expect(later.body.id).toBe(first.body.id);
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(1);
    // A new key is a new case; the key is the user's own: another user's same key makes theirs.
    expect((await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0002-abcd')).body.id).not.toBe(first.body.id);
    const colleague = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Tilsynsvakt'));
    expect((await withKey(colleague, '/api/maintenance-tasks/submit', 'sak-0001-abcd')).body.id).not.toBe(first.body.id);
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(3);
    expect(
      (await supervisor.request('POST', '/api/maintenance-tasks/submit', CASE, { headers: { 'idempotency-key': '<script>' } })).status,
    ).toBe(400);
  });

  it('sent again after it was made, the case is not announced again; a supervisor learns no more than the first answer said', async () => {
    const caretakerEvents = record((await sockets.connectAs(fx.a.caretaker)).socket, ['maintenanceTasks.created']);
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const first = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0003-abcd');
    await waitFor(() => caretakerEvents.length === 1);
    expect((await (await signedIn(server.baseUrl, fx.a.caretaker)).put(`/api/maintenance-tasks/${first.body.id}/complete`)).status).toBe(
      200,
    );
    const again = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0003-abcd');
    expect(again.status).toBe(201);
    // A Tilsynsvakt may not read the case list: the replay does not tell who completed it, or that anyone did.
    expect(again.body).toMatchObject({ id: first.body.id, status: 'pending', completedByName: null, completedAt: null });
    expect(JSON.stringify(again.body)).not.toContain('Vaktmester');
    await sockets.drainAll();
    expect(caretakerEvents).toHaveLength(1);
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(1);
    // One who may read the list gets the case as it is now.
    const caretaker = await signedIn(server.baseUrl, fx.a.caretaker);
    const made = await withKey(caretaker, '/api/maintenance-tasks', 'oppgave-0009');
    await caretaker.put(`/api/maintenance-tasks/${made.body.id}/complete`);
    expect((await withKey(caretaker, '/api/maintenance-tasks', 'oppgave-0009')).body).toMatchObject({
      id: made.body.id,
      status: 'completed',
    });
  });

  it('a key is bound to the request it came with: another body is refused (422) and stores nothing', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const first = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0010-abcd');
    const other = await supervisor.request<{ message: string; code: string }>(
      'POST',
      '/api/maintenance-tasks/submit',
      { roomNumber: '99', description: 'Noe annet' },
      { headers: { 'idempotency-key': 'sak-0010-abcd' } },
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'Denne Idempotency-Key er allerede brukt for en annen sak', code: 'idempotencyKeyReused' });
    expect((await MaintenanceTaskModel.of(fx.a.id).findById(first.body.id).lean())?.roomNumber).toBe('12');
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(1);
  });

  it('a replay after the case was deleted answers 410 and brings nothing back', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const first = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0011-abcd');
    expect((await (await signedIn(server.baseUrl, fx.a.caretaker)).delete(`/api/maintenance-tasks/${first.body.id}`)).status).toBe(200);
    const replay = await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0011-abcd');
    expect(replay.status).toBe(410);
    expect(replay.body).toEqual({ message: 'Saken er slettet', code: 'gone' });
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(0);
    // A new key is a new case.
    expect((await withKey(supervisor, '/api/maintenance-tasks/submit', 'sak-0012-abcd')).status).toBe(201);
  });

  it('one key used in two schools makes a case in each, under different ids', async () => {
    const platform = await signedIn(server.baseUrl, fx.platformAdmin);
    const inA = await withKey(platform, `/api/maintenance-tasks?schoolId=${fx.a.id}`, 'oppgave-0002');
    const inB = await withKey(platform, `/api/maintenance-tasks?schoolId=${fx.b.id}`, 'oppgave-0002');
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.body.id).not.toBe(inA.body.id);
    expect(await MaintenanceTaskModel.of(fx.a.id).countDocuments({ _id: inA.body.id })).toBe(1);
    expect(await MaintenanceTaskModel.of(fx.b.id).countDocuments({ _id: inB.body.id })).toBe(1);
  });

  it('a refused request is not remembered: the same key may try again', async () => {
    const caretaker = await signedIn(server.baseUrl, fx.a.caretaker);
    const refused = await caretaker.request(
      'POST',
      '/api/maintenance-tasks',
      { roomNumber: '', description: 'x' },
      { headers: { 'idempotency-key': 'oppgave-0001' } },
    );
    expect(refused.status).toBe(400);
    expect((await withKey(caretaker, '/api/maintenance-tasks', 'oppgave-0001')).status).toBe(201);
  });

  it('two caretakers completing the same case at once: one completes it, the other is told', async () => {
    const task = await MaintenanceTaskModel.of(fx.a.id).create({
      schoolId: fx.a.id,
      ...CASE,
      createdByUserId: fx.a.supervisor.id,
      createdByName: 'Kari A',
    });
    const [one, two] = await Promise.all([signedIn(server.baseUrl, fx.a.caretaker), signedIn(server.baseUrl, fx.a.admin)]);
    const results = await Promise.all([
      one.put(`/api/maintenance-tasks/${task.id}/complete`),
      two.put(`/api/maintenance-tasks/${task.id}/complete`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('two admins approving the same user at once: one approves, the other is told', async () => {
    const pending = await makeUser(fx.b.id, 'Tilsynsvakt', 'pending');
    const [one, two] = await Promise.all([
      signedIn(server.baseUrl, fx.b.admin),
      signedIn(server.baseUrl, await makeUser(fx.b.id, 'Admin')),
    ]);
    const results = await Promise.all([
      one.post(`/api/admin/users/${pending.id}/approve`),
      two.post(`/api/admin/users/${pending.id}/approve`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await UserModel.findById(pending.id).lean())?.status).toBe('approved');
  });
});
