import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { seedFixture, type Fixture } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { UserModel } from '../../core/accounts/userModel';

/**
 * Registration does the same work whether the address has an account or not (issue 28): the
 * steps it asks of the database are the same, so its time tells nobody who has an account here.
 */
let server: TestServer;
let fx: Fixture;
beforeAll(async () => {
  server = await startTestServer();
  fx = await seedFixture();
});
afterAll(async () => {
  mongoose.set('debug', false);
  await server?.close();
});

/** The database operations one registration makes, in order, as 'collection.method'. */
async function stepsOf(email: string): Promise<{ status: number; message: string; steps: string[] }> {
  const steps: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => void steps.push(`${collection}.${method}`));
  try {
    const res = await new ApiClient(server.baseUrl).post<{ message: string }>('/api/auth/register', {
      schoolId: fx.a.id,
      name: 'Ny Tilsynsvakt',
      email,
      password: 'et-langt-passord',
    });
    // A new registration's notification to the Admins is looked up after the answer has gone (features/push): it does not shape the answer's time.
    const answering = steps.filter((step) => !step.startsWith('sessions.') && !step.startsWith('pushsubscriptions.'));
    return { status: res.status, message: res.body.message, steps: answering };
  } finally {
    mongoose.set('debug', false);
  }
}

describe('registering', () => {
  it('a taken address and a new one: the same answer and the same steps', async () => {
    const taken = await stepsOf(fx.a.supervisor.email);
    const fresh = await stepsOf(`ny.${Date.now()}@skole.no`);
    expect(taken).toMatchObject({ status: 201, message: TEXTS.registered });
    expect(fresh).toMatchObject({ status: 201, message: TEXTS.registered });
    expect(fresh.steps.length).toBeGreaterThan(1);
    expect(taken.steps).toEqual(fresh.steps);
    // And the taken address's account is as it was.
    expect((await UserModel.findOne({ email: fx.a.supervisor.email }).lean())?.status).toBe('approved');
  });
});
