import { trusted } from '../../db/trusted';
import { FIELD_NAMES } from '#protocol/fieldNames';
import { describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { MAINTENANCE_TEXTS } from '#protocol/maintenance';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { MaintenanceTaskModel } from './model';
import { countEverywhere } from '../../../test/everySchool';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

clock.setOslo('2026-11-21', 21, 30);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });

type Task = {
  id: string;
  roomNumber: string;
  description: string;
  status: string;
  createdByName: string;
  completedByName: string | null;
  completedAt: string | null;
  rejectedByName: string | null;
  rejectedAt: string | null;
};
const BASE = '/api/maintenance-tasks';
/** Everyone who may not act on school A's task (adminA may, and is tested on its own). */
const refusedOthers = { anonymous: 401, supervisorA: 403, pendingA: 403, deactivatedA: 403, adminB: 404 };
const newCase = (roomNumber = '101', description = 'Lekker kran') => ({ roomNumber, description });

async function pendingTask(room = '101'): Promise<string> {
  const res = await c.caretakerA.post<Task>(BASE, newCase(room));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/maintenance-tasks/submit', () => {
  it('is how a Tilsynsvakt sends a case; the name comes from the session', async () => {
    await expectAccess(c, (x) => x.post(`${BASE}/submit`, newCase()), refusedExcept({ supervisorA: 201 }));
    const res = await c.supervisorA.post<Task>(`${BASE}/submit`, {
      roomNumber: '  12 ',
      description: ' Knust vindu ',
      createdByName: 'Falsk',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      roomNumber: '12',
      description: 'Knust vindu',
      status: 'pending',
      createdByName: 'Kari A',
      completedAt: null,
    });
    const stored = await MaintenanceTaskModel.of(fx.a.id).findById(res.body.id).lean();
    expect(stored!.schoolId.toHexString()).toBe(fx.a.id);
  });

  it('rejects empty, whitespace-only, huge and non-string fields, storing nothing', async () => {
    const before = await countEverywhere(MaintenanceTaskModel);
    const cases: Array<[unknown, string, string | null]> = [
      [{ roomNumber: '', description: 'x' }, 'roomNumber', MAINTENANCE_TEXTS.roomRequired],
      [{ roomNumber: '   ', description: 'x' }, 'roomNumber', MAINTENANCE_TEXTS.roomRequired],
      [{ roomNumber: '1', description: ' \n ' }, 'description', MAINTENANCE_TEXTS.descriptionRequired],
      [{ roomNumber: '1' }, 'description', null],
      [{ roomNumber: 101, description: 'x' }, 'roomNumber', null],
      [{ roomNumber: { $gt: '' }, description: 'x' }, 'roomNumber', null],
      [{ roomNumber: '1', description: 'x'.repeat(2001) }, 'description', null],
      [{ roomNumber: '1'.repeat(31), description: 'x' }, 'roomNumber', null],
    ];
    for (const [body, field, text] of cases) {
      const res = await c.supervisorA.post<{ message: string }>(`${BASE}/submit`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(`«${FIELD_NAMES[field]}»`);
      if (text) expect(res.body.message).toContain(text);
    }
    expect(await countEverywhere(MaintenanceTaskModel)).toBe(before);
  });
});

describe('creating and listing', () => {
  it('Admin, Vaktmester and Plattformadministrator (naming the school) create and list', async () => {
    await expectAccess(c, (x) => x.post(BASE, newCase('7')), refusedExcept({ adminA: 201, caretakerA: 201, adminB: 201, platform: 400 }));
    expect((await c.platform.post(`${BASE}?schoolId=${fx.b.id}`, newCase('8'))).status).toBe(201);
    await expectAccess(
      c,
      (x) => x.get(`${BASE}?status=pending`),
      refusedExcept({ adminA: 200, caretakerA: 200, adminB: 200, platform: 400 }),
    );
    const listB = await c.adminB.get<Task[]>(BASE);
    expect(listB.body.map((t) => t.roomNumber).sort()).toEqual(['7', '8']);
    expect((await c.platform.get<Task[]>(`${BASE}?schoolId=${fx.b.id}`)).body).toHaveLength(2);
    expect((await c.adminA.get(`${BASE}?status=ferdig`)).status).toBe(400);
  });

  it('sorts pending tasks by room number, numbers as numbers', async () => {
    const school = (await c.platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Sortering' })).body.id;
    const admin = await signedIn(server.baseUrl, await makeUser(school, 'Admin'));
    for (const room of ['10', '2', 'B12', '1', 'A3', '21']) await admin.post(BASE, newCase(room));
    const res = await admin.get<Task[]>(`${BASE}?status=pending`);
    expect(res.body.map((t) => t.roomNumber)).toEqual(['1', '2', '10', '21', 'A3', 'B12']);
  });
});

describe('complete, reject, delete', () => {
  it('completes a pending task once, with the server’s name and time', async () => {
    const id = await pendingTask();
    await expectAccess(c, (x) => x.put(`${BASE}/${id}/complete`), { ...refusedOthers, caretakerA: 200 });
    const task = (await c.adminA.get<Task[]>(`${BASE}?status=completed`)).body.find((t) => t.id === id)!;
    expect(task).toMatchObject({
      status: 'completed',
      completedByName: 'Vaktmester A',
      completedAt: new Date('2026-11-21T20:30:00Z').toISOString(),
      rejectedAt: null,
    });
    const again = await c.adminA.put(`${BASE}/${id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MAINTENANCE_TEXTS.alreadyCompleted, code: 'conflict' });
    expect((await c.adminA.put(`${BASE}/${id}/reject`)).status).toBe(409);
  });

  it('rejects a pending task once', async () => {
    const id = await pendingTask();
    const res = await c.adminA.put<Task>(`${BASE}/${id}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectedByName: 'Admin A', completedAt: null });
    const again = await c.caretakerA.put(`${BASE}/${id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MAINTENANCE_TEXTS.alreadyRejected, code: 'conflict' });
  });

  it('two caretakers pressing Fullfør at the same moment: one wins, the task is completed once', async () => {
    const second = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Vaktmester'));
    for (let round = 0; round < 3; round++) {
      const id = await pendingTask(`R${round}`);
      const results = await Promise.all([c.caretakerA.put(`${BASE}/${id}/complete`), second.put(`${BASE}/${id}/complete`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body as Task;
      const stored = await MaintenanceTaskModel.of(fx.a.id).findById(id).lean();
      expect(stored!.completedByName).toBe(winner.completedByName);
    }
  });

  it('deletes pending and archived tasks, within the school', async () => {
    const pending = await pendingTask();
    const archived = await pendingTask();
    await c.caretakerA.put(`${BASE}/${archived}/complete`);
    await expectAccess(c, (x) => x.delete(`${BASE}/${pending}`), { ...refusedOthers, caretakerA: 200 });
    expect((await c.adminA.delete(`${BASE}/${archived}`)).status).toBe(200);
    expect(await MaintenanceTaskModel.of(fx.a.id).countDocuments({ _id: trusted({ $in: [pending, archived] }) })).toBe(0);
    expect((await c.adminA.delete(`${BASE}/${archived}`)).status).toBe(404);
    expect((await c.adminA.put(`${BASE}/ikke-id/complete`)).status).toBe(400);
  });
});
