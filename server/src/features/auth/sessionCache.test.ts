import mongoose, { Types } from 'mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { PASSWORD } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { eventually, useTwoInstances, type TwoInstances } from '../../../test/twoInstances';
import { SessionModel } from '../../core/sessions/sessionModel';

/**
 * Sessions are kept in memory per instance. Whatever ends a session, on whichever instance, the
 * very next request with it is refused everywhere: the ending request waits until the other
 * instances have forgotten it. The other instance is a separate process, as in production.
 */
let two: TwoInstances;
let fx: Fixture;
let server: TwoInstances['server'];
let platform: ApiClient;

/** A fresh user signed in here, and the same session already held in memory on the other instance. */
async function signedInOnBoth() {
  const user = await makeUser(fx.a.id, 'Tilsynsvakt');
  const here = await signedIn(server.baseUrl, user);
  const there = two.onOther(here);
  expect((await there.get('/api/auth/me')).status).toBe(200);
  expect((await here.get('/api/auth/me')).status).toBe(200);
  return { user, here, there };
}

useTwoInstances((running) => {
  two = running;
  ({ fx, server } = running);
});
beforeAll(async () => {
  platform = await signedIn(server.baseUrl, fx.platformAdmin);
});

describe('sessions kept in memory', () => {
  it('a signed-in session is read from the database once, then from memory', async () => {
    const { here } = await signedInOnBoth();
    await here.post('/api/auth/logout'); // starts from an empty cache: any delete empties it
    const user = await makeUser(fx.a.id, 'Tilsynsvakt');
    const client = await signedIn(server.baseUrl, user);
    // Reads of the sessions collection, through mongoose or as the driver's own find command
    // (which is how the store reads a session: sessionStore.ts, findSessionRow).
    let reads = 0;
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'sessions' && (method === 'findOne' || method === 'find')) reads += 1;
    });
    const db = mongoose.connection.db!;
    const command = db.command.bind(db);
    const commands = vi.spyOn(db, 'command').mockImplementation((doc, options) => {
      if (doc.find === SessionModel.collection.collectionName) reads += 1;
      return command(doc, options);
    });
    try {
      for (let i = 0; i < 10; i++) expect((await client.get('/api/auth/me')).status).toBe(200);
    } finally {
      mongoose.set('debug', false);
      commands.mockRestore();
    }
    expect(reads).toBe(1);
  });

  it('sign-out on one instance: refused on the other at the very next request', async () => {
    const { here, there } = await signedInOnBoth();
    expect((await here.post('/api/auth/logout')).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('sign-out on the other instance: refused here at the very next request', async () => {
    const { here, there } = await signedInOnBoth();
    expect((await there.post('/api/auth/logout')).status).toBe(200);
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('deactivation by the school’s Admin ends the session everywhere at once', async () => {
    const { user, there } = await signedInOnBoth();
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    expect((await admin.post(`/api/admin/users/${user.id}/deactivate`)).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
  });

  it('a password change ends the user’s other sessions everywhere at once', async () => {
    const { user, there } = await signedInOnBoth();
    const elsewhere = await signedIn(server.baseUrl, user);
    expect((await elsewhere.put('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'nyttpassord1' })).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);
  });

  it('a school switched off ends its users’ sessions everywhere at once', async () => {
    const created = await platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Øktskolen' });
    expect(created.status).toBe(201);
    const user = await makeUser(created.body.id, 'Tilsynsvakt');
    const here = await signedIn(server.baseUrl, user);
    const there = two.onOther(here);
    expect((await there.get('/api/auth/me')).status).toBe(200);
    expect((await platform.put(`/api/plattformadministrator/schools/${created.body.id}`, { active: false })).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('a session deleted in the database by any path is not served from memory here', async () => {
    const { here } = await signedInOnBoth();
    await SessionModel.deleteMany({ userId: (await here.get<{ user: { id: string } }>('/api/auth/me')).body.user.id });
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('while an instance cannot hear the others it serves no session from memory, and does again once it can', async () => {
    const held = await signedInOnBoth();
    const sessionsOf = async (client: ApiClient) => ({
      userId: new Types.ObjectId((await client.get<{ user: { id: string } }>('/api/auth/me')).body.user.id),
    });
    const heldFilter = await sessionsOf(held.here);
    await two.redis.stop();
    try {
      // Ended behind the app's back (no instance is told): the other instance notices the lost
      // link within moments, well before its memory would expire (10 s), and asks the database.
      await SessionModel.collection.deleteMany(heldFilter);
      expect(await eventually(async () => (await held.there.get('/api/auth/me')).status === 401)).toBe(true);
      // During the outage: a sign-out here cannot reach the other instance, which refuses it anyway.
      const during = await signedInOnBoth();
      expect((await during.here.post('/api/auth/logout')).status).toBe(200);
      expect((await during.there.get('/api/auth/me')).status).toBe(401);
    } finally {
      await two.redis.restart();
    }
    // Once the link is back, both instances serve from memory again: a row removed behind the
    // app's back is still served for a moment (this shows the memory; no real path deletes
    // sessions without telling), while a real sign-out is refused there at once. Both, because
    // each instance's clients reconnect on their own schedule, and one whose link is still down
    // cannot tell the other (docs/security.md).
    expect(
      await eventually(async () => {
        const probe = await signedInOnBoth();
        await SessionModel.collection.deleteMany(await sessionsOf(probe.here));
        const [here, there] = await Promise.all([probe.here.get('/api/auth/me'), probe.there.get('/api/auth/me')]);
        return here.status === 200 && there.status === 200;
      }, 10_000),
    ).toBe(true);
    const after = await signedInOnBoth();
    expect((await after.here.post('/api/auth/logout')).status).toBe(200);
    expect((await after.there.get('/api/auth/me')).status).toBe(401);
  });
});
