import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { startSeededServer } from '../../../test/seededServer';
import type { TestServer } from '../../../test/testServer';
import { watchAuditTrail } from '../../../test/auditTrailGuard';
import { trusted } from '../../db/trusted';
import { AuditModel } from './model';

/**
 * The guard every test server runs (test/auditTrailGuard.ts): it lets through the two changes the
 * product makes to the trail, and reports any other, so each server test file proves that none of
 * the routes it drives rewrites an entry.
 */
let server: TestServer;
let fx: Fixture;
let c: Callers;
beforeAll(async () => {
  ({ server, fx, c } = await startSeededServer());
});

const entry = (schoolId: Types.ObjectId, targetName: string) =>
  AuditModel.create({
    schoolId,
    at: new Date(),
    actorId: new Types.ObjectId(),
    actorName: 'A',
    actorRole: 'Admin',
    action: 'user.roleChanged',
    targetId: 'x',
    targetName,
    detail: '',
  });

describe('the audit trail guard', () => {
  it("lets a student's erasure and a school's deletion through, and reports anything else", async () => {
    const watch = watchAuditTrail();
    const a = new Types.ObjectId(fx.a.id);
    await entry(a, 'Per');
    expect((await c.adminA.delete(`/api/admin/students/${encodeURIComponent('Per')}`)).status).toBe(200);
    const doomed = await c.platform.post('/api/plattformadministrator/schools', { name: 'Skole som går' });
    expect((await c.platform.delete(`/api/plattformadministrator/schools/${(doomed.body as { id: string }).id}`)).status).toBe(200);
    expect(watch.rewrites()).toEqual([]);

    // Rewrites no route makes, as a careless one would.
    await AuditModel.updateMany({ schoolId: a, targetName: trusted({ $regex: 'Pe' }) }, { $set: { targetName: '(slettet elev)' } });
    await AuditModel.updateOne({ schoolId: a }, { $set: { detail: 'endret' } });
    await AuditModel.findOneAndUpdate({ schoolId: a }, { $set: { actorName: 'B' } });
    await AuditModel.deleteMany({ schoolId: a, action: 'user.roleChanged' });
    watch.stop();
    expect(watch.rewrites().map((line) => line.split(' ')[0])).toEqual(['update', 'update', 'findAndModify', 'delete']);
  });
});

// The server's own guard saw the rewrites above too: its close says so, and fails the file it runs in.
afterAll(async () => {
  await expect(server.close()).rejects.toThrow(/audit trail was rewritten/);
});
