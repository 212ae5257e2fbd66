import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { useTwoInstances, type TwoInstances } from '../../../test/twoInstances';
import { UserModel } from '../../core/accounts/userModel';
import { findUserCached } from '../../core/sessions/principalCache';
import { principals } from '../../cache/areas';
import { changed } from '../../cache/readThrough';

/**
 * Users and schools are kept in memory per instance; a change on one instance reaches the other
 * through Redis. The other instance here is a separate process (the compiled server), so it has
 * a cache of its own, as in production.
 */
let two: TwoInstances;
let fx: Fixture;
let server: TwoInstances['server'];
let platform: ApiClient;
const onOther = (client: ApiClient) => two.onOther(client);

useTwoInstances((running) => {
  two = running;
  ({ fx, server } = running);
});
beforeAll(async () => {
  platform = await signedIn(server.baseUrl, fx.platformAdmin);
});

describe('who is asking, kept in memory', () => {
  it('a role taken away counts on the very next request of the same instance', async () => {
    const admin = await makeUser(fx.a.id, 'Admin');
    const client = await signedIn(server.baseUrl, admin);
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await platform.put(`/api/plattformadministrator/users/${admin.id}/role`, { role: 'Tilsynsvakt' })).status).toBe(200);
    // Issue 43: the change ends the session, so the next request is refused outright; signed in
    // again, the user record read is the new one.
    expect((await client.get('/api/admin/users')).status).toBe(401);
    const again = await signedIn(server.baseUrl, admin);
    expect((await again.get('/api/admin/users')).status).toBe(403);
    expect((await again.get<{ user: { role: string } }>('/api/auth/me')).body.user.role).toBe('Tilsynsvakt');
  });

  it('a role taken away on one instance counts on the other at the very next request', async () => {
    const admin = await makeUser(fx.a.id, 'Admin');
    const here = await signedIn(server.baseUrl, admin);
    const there = onOther(here);
    // The other instance now holds this Admin in memory.
    expect((await there.get('/api/admin/users')).status).toBe(200);
    expect((await platform.put(`/api/plattformadministrator/users/${admin.id}/role`, { role: 'Tilsynsvakt' })).status).toBe(200);
    expect((await there.get('/api/admin/users')).status).toBe(401);
    // Signed in again here, the other instance reads the new role at once.
    expect((await onOther(await signedIn(server.baseUrl, admin)).get('/api/admin/users')).status).toBe(403);
  });

  it('a school’s user list follows a registration at once, on both instances', async () => {
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const there = onOther(admin);
    const names = async (client: ApiClient) => (await client.get<{ name: string }[]>('/api/admin/users')).body.map((u) => u.name);
    expect(await names(there)).not.toContain('Nyregistrert');
    const res = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      schoolId: fx.a.id,
      name: 'Nyregistrert',
      email: 'nyregistrert@test.no',
      password: 'hemmelig',
    });
    expect(res.status).toBe(201);
    expect(await names(admin)).toContain('Nyregistrert');
    expect(await names(there)).toContain('Nyregistrert');
  });

  it('a session ended on one instance is over on the other at once', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const here = await signedIn(server.baseUrl, user);
    const there = onOther(here);
    expect((await there.get('/api/auth/me')).status).toBe(200);
    expect((await here.post('/api/auth/logout')).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
  });

  it('requests that miss together make one read; one that comes after a write never gets what was read before it', async () => {
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    await changed(principals);
    let reads = 0;
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'users' && method === 'findOne') reads += 1;
    });
    try {
      const found = await Promise.all(Array.from({ length: 10 }, () => findUserCached(user.id)));
      expect(found.every((u) => u?.role === 'Tilsynsvakt')).toBe(true);
      expect(reads).toBe(1);
    } finally {
      mongoose.set('debug', false);
    }

    await changed(principals);
    const before = findUserCached(user.id);
    await UserModel.updateOne({ _id: user.id }, { $set: { role: 'Vaktmester' } });
    expect((await findUserCached(user.id))?.role).toBe('Vaktmester');
    await before;
    expect((await findUserCached(user.id))?.role).toBe('Vaktmester');
  });
});
