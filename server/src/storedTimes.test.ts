import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { makeUser, type Callers } from '../test/callers';
import type { Fixture } from '../test/fixtures';
import { TestClock } from '../test/testClock';
import { useSeededServer } from '../test/useTestServer';
import { AuditModel } from './features/audit/model';
import { ClassModel } from './features/classes/model';
import { UserModel } from './core/accounts/userModel';

/** What the server stores is stamped on the app's clock, the one its rules read, not the machine's. */
const CREATED = new Date('2031-05-06T19:00:00.000Z');
const clock = new TestClock(CREATED);
const CHANGED = new Date('2031-05-07T07:30:00.000Z');
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started), {}, { clock });

describe('stored times on the app’s clock', () => {
  it('a new document’s createdAt and updatedAt are the clock’s time (a plain insert and create alike)', async () => {
    clock.set(CREATED);
    const made = await c.adminA.post<{ id: string }>('/api/admin/classes', { className: '3C' });
    expect(made.status).toBe(201);
    const stored = await ClassModel.of(new Types.ObjectId(fx.a.id)).findById(made.body.id).lean();
    expect({ createdAt: stored?.createdAt, updatedAt: stored?.updatedAt }).toEqual({ createdAt: CREATED, updatedAt: CREATED });

    const user = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const created = await UserModel.findById(user.id).lean();
    expect({ createdAt: created?.createdAt, updatedAt: created?.updatedAt }).toEqual({ createdAt: CREATED, updatedAt: CREATED });
  });

  it('a change moves updatedAt to the clock’s time, and the audit entry is stamped with it', async () => {
    clock.set(CREATED);
    const user = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    clock.set(CHANGED);
    expect((await c.adminA.post(`/api/admin/users/${user.id}/approve`)).status).toBe(200);
    const changed = await UserModel.findById(user.id).lean();
    expect({ createdAt: changed?.createdAt, updatedAt: changed?.updatedAt }).toEqual({ createdAt: CREATED, updatedAt: CHANGED });
    const entry = await AuditModel.findOne({ action: 'user.approved', targetId: user.id }).lean();
    expect(entry?.at).toEqual(CHANGED);
    const listed = await c.adminA.get<Array<{ action: string; at: string }>>('/api/admin/audit');
    expect(listed.body.find((e) => e.action === 'user.approved')?.at).toBe(CHANGED.toISOString());
  });

  it('a student’s data is exported at the clock’s time', async () => {
    clock.set(CHANGED);
    const res = await c.adminA.get<{ exportedAt: string }>('/api/admin/students/Ola%20Nordmann');
    expect(res.status).toBe(200);
    expect(res.body.exportedAt).toBe(CHANGED.toISOString());
  });
});
