// Where a route's time goes: runs the app in this process, sends one route many times and writes
// a CPU profile of just those requests (open it in Chrome DevTools → Performance).
// Usage: npm run bench:profile -- [GET path | submit] [requests] [concurrency]
//   npm run bench:profile -- /api/reports/recent7 3000 16
//   npm run bench:profile -- submit 600 4        (POST /api/maintenance-tasks/submit)
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startThrowawayDatabaseServer } from '../../server/src/db/engine';
import { projectRoot } from '../../server/src/projectRoot';
import { seedBenchData } from './seed';
import { XHR, measure, printTable } from './measure';

const route = process.argv[2] ?? '/api/reports/recent7';
const count = Number(process.argv[3] ?? 3000);
const concurrency = Number(process.argv[4] ?? 16);
const engine = await startThrowawayDatabaseServer();
try {
  await connectMongoose(withDatabaseName(engine.uri, `profile_${Date.now()}`));
  const config = {
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
  };
  const app = await buildApp(loadConfig(config));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { adminCookie, supervisorCookies } = await seedBenchData(base);
  const send = (i: number) =>
    route === 'submit'
      ? fetch(`${base}/api/maintenance-tasks/submit`, {
          method: 'POST',
          headers: { ...XHR, cookie: supervisorCookies[0]!, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ roomNumber: '101', description: `Sak ${i}` }),
        })
      : fetch(base + route, { headers: { cookie: adminCookie } });

  await measure('warm-up', count, concurrency, send);
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  const result = await measure(route, count, concurrency, send);
  const { profile } = await inspector.post('Profiler.stop');
  printTable([result], { requests: count, concurrency });
  const out = path.join(projectRoot(), 'bench-results', 'route.cpuprofile');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(profile));
  console.log(`\nCPU profile: ${out}`);
  await app.close();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
} finally {
  await engine.stop();
}
