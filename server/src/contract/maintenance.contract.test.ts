// Contract: SPEC.md §7 'Maintenance', written from SPEC.md (§3, §4, §5, §6, §7, §8) and
// DECISIONS.md only. It must never be edited to follow the app: when it fails, the app is what is
// wrong (or the spec, and then the spec is changed first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/testClock';
import {
  expectClientError,
  expectOk,
  expectRefused,
  forSchool,
  leaks,
  list,
  startContractServer,
  type ContractServer,
  type Obj,
  type SpecClient,
} from './specClient';

const clock = new TestClock();
let s: ContractServer;
let room = 100;

beforeAll(async () => {
  clock.setOslo('2026-11-21', 12, 0);
  s = await startContractServer(clock);
});
afterAll(async () => {
  await s?.server.close();
});

type Status = 'pending' | 'completed' | 'rejected';

async function tasks(client: SpecClient, status: Status, schoolId?: string): Promise<Obj[]> {
  const path = `/api/maintenance-tasks?status=${status}`;
  const res = await client.get(schoolId ? forSchool(path, schoolId) : path);
  expect(res.status, res.text).toBe(200);
  return list(res, 'tasks');
}

/** A pending task of school A made by its Admin, found in the pending list by its (unique) room number. */
async function pendingTask(description = 'Ødelagt lampe'): Promise<Obj> {
  room += 1;
  const roomNumber = String(room);
  expectOk(await s.c.adminA.post('/api/maintenance-tasks', { roomNumber, description }));
  const task = (await tasks(s.c.adminA, 'pending')).find((t) => t.roomNumber === roomNumber);
  expect(task, `task in room ${roomNumber}`).toBeDefined();
  return task!;
}

async function statusOf(id: unknown): Promise<Status | 'gone'> {
  for (const status of ['pending', 'completed', 'rejected'] as const) {
    if ((await tasks(s.c.adminA, status)).some((t) => t.id === id)) return status;
  }
  return 'gone';
}

describe('POST /api/maintenance-tasks, body {roomNumber, description}', () => {
  it('Admin creates a pending task: §3 fields roomNumber, description, status, createdByName, createdAt', async () => {
    const task = await pendingTask('Knust vindu SAK-M-1');
    expect(task).toMatchObject({ description: 'Knust vindu SAK-M-1', status: 'pending', createdByName: 'Admin A' });
    expect(
      typeof task.id === 'string' && typeof task.roomNumber === 'string' && typeof task.createdAt === 'string',
      JSON.stringify(task),
    ).toBe(true);
  });

  it("Vaktmester creates one (the caretaker page's create task)", async () => {
    expectOk(await s.c.caretakerA.post('/api/maintenance-tasks', { roomNumber: 'K-1', description: 'Fra vaktmesteren' }));
    expect((await tasks(s.c.caretakerA, 'pending')).find((t) => t.roomNumber === 'K-1')).toMatchObject({ createdByName: 'Vaktmester A' });
  });

  it('Plattformadministrator creates one on the school', async () => {
    expectOk(
      await s.c.platform.post(forSchool('/api/maintenance-tasks', s.fx.a.id), { roomNumber: 'P-1', description: 'Fra plattformen' }),
    );
    expect((await tasks(s.c.adminA, 'pending')).map((t) => t.roomNumber)).toContain('P-1');
  });

  it('Tilsynsvakt is refused (their way is /submit); nothing stored', async () => {
    expectRefused(await s.c.supervisorA.post('/api/maintenance-tasks', { roomNumber: 'T-1', description: 'Fra tilsynet' }));
    expect((await tasks(s.c.adminA, 'pending')).map((t) => t.roomNumber)).not.toContain('T-1');
  });

  it('a missing room number or description is refused with a message; nothing stored', async () => {
    expectClientError(await s.c.adminA.post('/api/maintenance-tasks', { roomNumber: '', description: 'Uten rom TOM-1' }), 'room');
    expectClientError(await s.c.adminA.post('/api/maintenance-tasks', { roomNumber: 'V-1', description: '' }), 'description');
    const pending = await tasks(s.c.adminA, 'pending');
    expect(pending.filter((t) => t.roomNumber === 'V-1' || t.description === 'Uten rom TOM-1')).toEqual([]);
  });
});

describe('GET /api/maintenance-tasks?status=pending|completed|rejected returns a task list', () => {
  it("Admin, Vaktmester and Plattformadministrator read the school's pending tasks", async () => {
    const task = await pendingTask('Lesbar SAK-M-2');
    for (const [who, list] of [
      ['admin', await tasks(s.c.adminA, 'pending')],
      ['caretaker', await tasks(s.c.caretakerA, 'pending')],
      ['platform', await tasks(s.c.platform, 'pending', s.fx.a.id)],
    ] as const) {
      expect(
        list.map((t) => t.id),
        who,
      ).toContain(task.id);
      expect(
        list.every((t) => t.status === 'pending'),
        who,
      ).toBe(true);
    }
  });

  it('Tilsynsvakt is refused (maintenance management, caretaker page, archive: not theirs)', async () => {
    expectRefused(await s.c.supervisorA.get('/api/maintenance-tasks?status=pending'), 'pending');
    expectRefused(await s.c.supervisorA.get('/api/maintenance-tasks?status=completed'), 'completed');
  });

  it("the other school's Admin and Vaktmester see none of school A's tasks", async () => {
    await pendingTask('Hemmelig SAK-M-3');
    for (const client of [s.c.adminB, s.c.caretakerB]) {
      const res = await client.get('/api/maintenance-tasks?status=pending');
      expect(res.status).toBe(200);
      expect(leaks(res, 'SAK-M-3', 'Admin A')).toEqual([]);
    }
  });
});

describe('PUT /api/maintenance-tasks/{id}/complete', () => {
  it('Vaktmester completes a task: in the archive with completedByName and completedAt', async () => {
    const task = await pendingTask();
    expectOk(await s.c.caretakerA.put(`/api/maintenance-tasks/${String(task.id)}/complete`));
    const done = (await tasks(s.c.adminA, 'completed')).find((t) => t.id === task.id);
    expect(done).toMatchObject({ status: 'completed', completedByName: 'Vaktmester A' });
    expect(typeof done!.completedAt).toBe('string');
    expect((await tasks(s.c.caretakerA, 'pending')).map((t) => t.id)).not.toContain(task.id);
  });

  it('Admin and Plattformadministrator complete tasks', async () => {
    const byAdmin = await pendingTask();
    expectOk(await s.c.adminA.put(`/api/maintenance-tasks/${String(byAdmin.id)}/complete`));
    expect(await statusOf(byAdmin.id)).toBe('completed');
    const byPlatform = await pendingTask();
    expectOk(await s.c.platform.put(forSchool(`/api/maintenance-tasks/${String(byPlatform.id)}/complete`, s.fx.a.id)));
    expect(await statusOf(byPlatform.id)).toBe('completed');
  });

  it("Tilsynsvakt is refused; the other school's Vaktmester gets a 4xx; the task stays pending", async () => {
    const task = await pendingTask();
    expectRefused(await s.c.supervisorA.put(`/api/maintenance-tasks/${String(task.id)}/complete`), 'supervisor');
    expectClientError(await s.c.caretakerB.put(`/api/maintenance-tasks/${String(task.id)}/complete`), 'caretaker B');
    expect(await statusOf(task.id)).toBe('pending');
  });
});

describe('PUT /api/maintenance-tasks/{id}/reject', () => {
  it('Vaktmester rejects a task: in the archive with rejectedByName and rejectedAt', async () => {
    const task = await pendingTask();
    expectOk(await s.c.caretakerA.put(`/api/maintenance-tasks/${String(task.id)}/reject`));
    const rejected = (await tasks(s.c.caretakerA, 'rejected')).find((t) => t.id === task.id);
    expect(rejected).toMatchObject({ status: 'rejected', rejectedByName: 'Vaktmester A' });
    expect(typeof rejected!.rejectedAt).toBe('string');
  });

  it('Admin and Plattformadministrator reject tasks', async () => {
    const byAdmin = await pendingTask();
    expectOk(await s.c.adminA.put(`/api/maintenance-tasks/${String(byAdmin.id)}/reject`));
    expect(await statusOf(byAdmin.id)).toBe('rejected');
    const byPlatform = await pendingTask();
    expectOk(await s.c.platform.put(forSchool(`/api/maintenance-tasks/${String(byPlatform.id)}/reject`, s.fx.a.id)));
    expect(await statusOf(byPlatform.id)).toBe('rejected');
  });

  it("Tilsynsvakt is refused; the other school's Vaktmester gets a 4xx; the task stays pending", async () => {
    const task = await pendingTask();
    expectRefused(await s.c.supervisorA.put(`/api/maintenance-tasks/${String(task.id)}/reject`), 'supervisor');
    expectClientError(await s.c.caretakerB.put(`/api/maintenance-tasks/${String(task.id)}/reject`), 'caretaker B');
    expect(await statusOf(task.id)).toBe('pending');
  });
});

describe('DELETE /api/maintenance-tasks/{id}', () => {
  it('Vaktmester deletes a pending task; Admin deletes an archived one (§4)', async () => {
    const pending = await pendingTask();
    expectOk(await s.c.caretakerA.delete(`/api/maintenance-tasks/${String(pending.id)}`));
    expect(await statusOf(pending.id)).toBe('gone');
    const archived = await pendingTask();
    expectOk(await s.c.caretakerA.put(`/api/maintenance-tasks/${String(archived.id)}/complete`));
    expectOk(await s.c.adminA.delete(`/api/maintenance-tasks/${String(archived.id)}`));
    expect(await statusOf(archived.id)).toBe('gone');
  });

  it("Plattformadministrator deletes a school's task", async () => {
    const task = await pendingTask();
    expectOk(await s.c.platform.delete(forSchool(`/api/maintenance-tasks/${String(task.id)}`, s.fx.a.id)));
    expect(await statusOf(task.id)).toBe('gone');
  });

  it("Tilsynsvakt is refused; the other school's Vaktmester gets a 4xx; the task stays", async () => {
    const task = await pendingTask();
    expectRefused(await s.c.supervisorA.delete(`/api/maintenance-tasks/${String(task.id)}`), 'supervisor');
    expectClientError(await s.c.caretakerB.delete(`/api/maintenance-tasks/${String(task.id)}`), 'caretaker B');
    expect(await statusOf(task.id)).toBe('pending');
  });
});
