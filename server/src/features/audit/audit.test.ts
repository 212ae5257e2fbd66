import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { Trip } from '../away/model';
import { ReportModel } from '../reports/model';

/** Who approved, rejected, deactivated, changed, moved or deleted whom, and which reports and trips went. */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
/** Each audited action a minute after the one before, as people work: the trail pages by time. */
const minuteLater = () => clock.set(new Date(clock.now().getTime() + 60_000));
type Entry = {
  schoolId: string | null;
  actorName: string;
  actorRole: string;
  action: string;
  targetName: string;
  detail: string;
  at: string;
};

clock.setOslo('2026-03-10', 21, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  // School A's admin at work.
  const newcomer = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
  const applicant = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
  const colleague = await makeUser(fx.a.id, 'Tilsynsvakt');
  minuteLater();
  await c.adminA.post(`/api/admin/users/${newcomer.id}/approve`);
  minuteLater();
  await c.adminA.post(`/api/admin/users/${applicant.id}/reject`);
  minuteLater();
  await c.adminA.put(`/api/admin/users/${colleague.id}/role`, { role: 'Vaktmester' });
  minuteLater();
  await c.adminA.post(`/api/admin/users/${colleague.id}/deactivate`);
  minuteLater();
  await c.adminA.delete(`/api/admin/users/${newcomer.id}`);
  const report = await ReportModel.of(fx.a.id).create({
    schoolId: fx.a.id,
    authorUserId: fx.a.supervisor.id,
    authorName: 'Kari A',
    date: '2026-03-09',
    content: 'x',
  });
  minuteLater();
  await c.adminA.put(`/api/reports/${report.id}`, { content: 'rettet', baseVersion: report.version });
  minuteLater();
  await c.adminA.delete(`/api/reports/${report.id}`);
  const trip = await Trip.of(fx.a.id).create({ schoolId: fx.a.id, fromDate: '2026-03-10', toDate: '2026-03-12', studentNames: ['Per'] });
  minuteLater();
  await c.adminA.delete(`/api/away/entry/${trip.id}`);
  // The platform at work, on school B and on a school that goes.
  const movable = await makeUser(fx.b.id, 'Tilsynsvakt');
  minuteLater();
  await c.platform.put(`/api/plattformadministrator/users/${movable.id}/status`, { status: 'deactivated' });
  minuteLater();
  await c.platform.put(`/api/plattformadministrator/users/${movable.id}/status`, { status: 'approved' });
  minuteLater();
  await c.platform.put(`/api/plattformadministrator/users/${movable.id}/transfer`, { schoolId: fx.a.id });
  const doomed = (await c.platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Nedlegges' })).body;
  minuteLater();
  await c.platform.delete(`/api/plattformadministrator/schools/${doomed.id}`);
});

/** Each entry as a line; a generated e-mail address reads '(e-post)'. */
const summary = (entries: Entry[]) =>
  entries.map((e) =>
    `${e.actorName}: ${e.action} ${e.targetName}${e.detail ? ` (${e.detail})` : ''}`.replace(/\(bruker\d+\.\d+@test\.no\)/, '(e-post)'),
  );

describe('the audit trail', () => {
  it('an Admin reads their own school’s trail, newest first; the roles without it are refused', async () => {
    await expectAccess(c, (x) => x.get('/api/admin/audit'), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    const res = await c.adminA.get<Entry[]>('/api/admin/audit');
    expect(summary(res.body)).toEqual([
      'Admin A: trip.removed fra 10. mars 2026 til 12. mars 2026 (1 elev)',
      'Admin A: report.deleted Kari A, 9. mars 2026',
      'Admin A: report.edited Kari A, 9. mars 2026',
      'Admin A: user.deleted Bruker 1 (e-post)',
      'Admin A: user.deactivated Bruker 3',
      'Admin A: user.roleChanged Bruker 3 (Tilsynsvakt → Vaktmester)',
      'Admin A: user.rejected Bruker 2 (e-post)',
      'Admin A: user.approved Bruker 1',
    ]);
    expect(res.body.every((e) => e.schoolId === fx.a.id && e.actorRole === 'Admin')).toBe(true);
    // School B's trail: what the platform did to its users, the move away included.
    const b = await c.adminB.get<Entry[]>('/api/admin/audit');
    expect(summary(b.body)).toEqual([
      'Pål Plattform: user.transferred Bruker 4 (til Skole A)',
      'Pål Plattform: user.reactivated Bruker 4',
      'Pål Plattform: user.deactivated Bruker 4',
    ]);
  });

  it('the Plattformadministrator reads one school’s trail or everyone’s, a page at a time', async () => {
    const ofA = await c.platform.get<Entry[]>(`/api/admin/audit?schoolId=${fx.a.id}`);
    expect(ofA.body).toEqual((await c.adminA.get<Entry[]>('/api/admin/audit')).body);
    await expectAccess(c, (x) => x.get('/api/plattformadministrator/audit'), refusedExcept({ platform: 200 }));
    const all = (await c.platform.get<Entry[]>('/api/plattformadministrator/audit')).body;
    expect(summary(all).slice(0, 5)).toEqual([
      'Pål Plattform: school.deleted Nedlegges',
      'Pål Plattform: user.transferred Bruker 4 (til Skole A)',
      'Pål Plattform: user.reactivated Bruker 4',
      'Pål Plattform: user.deactivated Bruker 4',
      'Admin A: trip.removed fra 10. mars 2026 til 12. mars 2026 (1 elev)',
    ]);
    expect(all[0]!.schoolId).toBeNull();
    const first = (await c.platform.get<Entry[]>('/api/plattformadministrator/audit?limit=2')).body;
    const next = (await c.platform.get<Entry[]>(`/api/plattformadministrator/audit?limit=2&before=${encodeURIComponent(first[1]!.at)}`))
      .body;
    expect([...first, ...next].map((e) => e.action)).toEqual(all.slice(0, 4).map((e) => e.action));
    for (const bad of ['limit=0', 'limit=501', 'before=igår']) {
      expect((await c.platform.get(`/api/plattformadministrator/audit?${bad}`)).status, bad).toBe(400);
    }
  });

  it('no one can write, change or remove an entry through the API', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/admin/audit', '/api/plattformadministrator/audit', '/api/admin/audit/0123456789abcdef01234567']) {
        const res = await c.platform.request(method, path, { action: 'user.deleted' });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await c.platform.get<Entry[]>('/api/plattformadministrator/audit')).body.length).toBeGreaterThan(10);
  });
});
