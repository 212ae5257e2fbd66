import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connectMongoose, withDatabaseName } from '../src/db/connect';
import { schoolDatabasePrefix } from '../src/db/schoolDatabase';
import { watchAuditTrail, type AuditTrailWatch } from './auditTrailGuard';
import { testVapidEnv } from './testVapidKeys';
import { healthDataInPushes } from './healthDataGuard';

/** The schools' own databases of this test's app (they share its database name as a prefix). */
async function dropSchoolDatabases(): Promise<void> {
  const prefix = schoolDatabasePrefix();
  const { databases } = await mongoose.connection.db!.admin().listDatabases({ nameOnly: true });
  for (const { name } of databases) {
    if (name.startsWith(prefix)) await mongoose.connection.useDb(name, { useCache: true }).dropDatabase();
  }
}

export type TestServer = { app: FastifyInstance; baseUrl: string; config: Config; auditTrail: AuditTrailWatch; close: () => Promise<void> };

/** Test servers run with metrics on, as production can: the audit trail guard reads the command events they bring. */
const TEST_METRICS_TOKEN = 'token-for-testenes-malinger-0123456789';

/** A real listening server on a fresh database of its own, connected as main.ts connects (with these settings). */
export async function startTestServer(env: Record<string, string> = {}, deps: AppDependencies = {}): Promise<TestServer> {
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // A test signs in once and then works for minutes, or moves the app's clock by hours, with no
    // person's activity reported: the idle limit's own tests set it (features/auth/activity.test.ts).
    // The session row's idle expiry and its absolute limit are on the app's clock too (issue 42): a
    // day as well (their own tests set theirs: features/auth/auth.test.ts, realtime/sessionEnd.test.ts).
    SESSION_ACTIVITY_LIMIT_SECONDS: String(24 * 3600),
    SESSION_IDLE_MINUTES: String(24 * 60),
    SESSION_ABSOLUTE_HOURS: '24',
    ...testVapidEnv(),
    ...env,
  });
  await connectMongoose(withDatabaseName(inject('mongoServerUri'), dbName), config);
  const auditTrail = watchAuditTrail();
  const app = await buildApp(config, deps);
  // A free port, unless the test chose one ahead (ownOrigin.ts).
  await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    config,
    auditTrail,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      const leaks = await healthDataInPushes();
      auditTrail.stop();
      await dropSchoolDatabases();
      await mongoose.connection.dropDatabase();
      await mongoose.disconnect();
      const rewrites = auditTrail.rewrites();
      if (rewrites.length > 0) throw new Error(`The audit trail was rewritten (it only ever gets new entries):\n${rewrites.join('\n')}`);
      if (leaks.length > 0) throw new Error(`Health data in a push payload:\n${leaks.join('\n')}`);
    },
  };
}

/** Another instance of the app on the same database (a second server, or the same one with other settings). */
export async function startSibling(config: Config, deps: AppDependencies = {}): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(config, deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}
