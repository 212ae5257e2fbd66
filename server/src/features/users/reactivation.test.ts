import { describe, expect, it } from 'vitest';
import { expectAccess, makeUser, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import type { TestServer } from '../../../test/testServer';
import { UserModel } from '../../core/accounts/userModel';
import { useSeededServer } from '../../../test/useTestServer';

/** 'Aktiver bruker' on the school's users screen (issue 45): the school's Admin undoes a deactivation. */

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

type UserBody = { id: string; status: string; role: string; schoolId: string };
type AuditBody = Array<{ action: string; targetName: string; actorName: string }>;
const statusOf = async (id: string) => (await UserModel.findById(id).lean())?.status ?? 'slettet';

describe('POST /api/admin/users/:id/reactivate', () => {
  it("only the school's own Admin (or the platform naming the school); every other role and another school's Admin refused", async () => {
    const target = await makeUser(fx.a.id, 'Tilsynsvakt', 'deactivated');
    await expectAccess(
      c,
      (x) => x.post(`/api/admin/users/${target.id}/reactivate`),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect(await statusOf(target.id)).toBe('approved');
    // Another school's Admin naming school A is refused before the user is looked for.
    const other = await makeUser(fx.a.id, 'Vaktmester', 'deactivated');
    expect((await c.adminB.post(`/api/admin/users/${other.id}/reactivate?schoolId=${fx.a.id}`)).status).toBe(403);
    expect(await statusOf(other.id)).toBe('deactivated');
    const byPlatform = await c.platform.post<UserBody>(`/api/admin/users/${other.id}/reactivate?schoolId=${fx.a.id}`);
    expect(byPlatform.status).toBe(200);
    expect(byPlatform.body).toMatchObject({ id: other.id, status: 'approved', schoolId: fx.a.id });
  });

  it('the person signs in again and works; it is in Endringslogg with who did it', async () => {
    const target = await makeUser(fx.a.id, 'Vaktmester');
    await c.adminA.post(`/api/admin/users/${target.id}/deactivate`);
    const refused = await signedIn(server.baseUrl, target);
    expect((await refused.get<{ user: UserBody }>('/api/auth/me')).body.user.status).toBe('deactivated');

    const res = await c.adminA.post<UserBody>(`/api/admin/users/${target.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, status: 'approved', role: 'Vaktmester' });
    // The deactivated account's status-screen session gets no rights: a new sign-in does.
    expect((await refused.get('/api/auth/me')).status).toBe(401);
    const back = await signedIn(server.baseUrl, target);
    expect((await back.get<{ user: UserBody }>('/api/auth/me')).body.user.status).toBe('approved');

    const trail = await c.adminA.get<AuditBody>('/api/admin/audit');
    const entry = trail.body.find((e) => e.action === 'user.reactivated' && e.targetName === target.name);
    expect(entry?.actorName).toBe(fx.a.admin.name);
  });

  it('only a deactivated user, never themselves, never a Plattformadministrator account', async () => {
    const approved = await makeUser(fx.a.id, 'Tilsynsvakt');
    const pending = await makeUser(fx.a.id, 'Tilsynsvakt', 'pending');
    const approvedRes = await c.adminA.post<{ message: string }>(`/api/admin/users/${approved.id}/reactivate`);
    expect(approvedRes.status).toBe(409);
    expect(approvedRes.body.message).toBe('Bare deaktiverte brukere kan aktiveres');
    expect((await c.adminA.post(`/api/admin/users/${pending.id}/reactivate`)).status).toBe(409);
    expect(await statusOf(pending.id)).toBe('pending');
    expect((await c.adminA.post(`/api/admin/users/${fx.a.admin.id}/reactivate`)).status).toBe(403);

    // A Plattformadministrator account never belongs to a school; were one filed under it, still no.
    const platformAccount = await makeUser(fx.a.id, 'Plattformadministrator', 'deactivated');
    const refused = await c.adminA.post<{ message: string }>(`/api/admin/users/${platformAccount.id}/reactivate`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Plattformadministratorer kan ikke endres her');
    expect(await statusOf(platformAccount.id)).toBe('deactivated');
  });
});
