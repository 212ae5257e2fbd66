// Benchmarks the hot routes against a real server on the embedded database (or MONGODB_URI).
// Usage: npm run bench [-- --requests 400 --concurrency 8]. Loopback only; bounded; stops by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { reportDay } from '../../protocol/src/time';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connectMongoose, withDatabaseName } from '../../server/src/db/connect';
import { startEmbeddedDatabase } from '../../server/src/db/embeddedFerret';
import { benchExports } from './exports';
import { seedBenchData } from './seed';
import { measure, printTable, type Result } from './measure';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 400);
const CONCURRENCY = arg('concurrency', 8);

const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-bench-'));
const engine = process.env.MONGODB_URI ? undefined : await startEmbeddedDatabase(dataDir);
try {
  await connectMongoose(withDatabaseName(process.env.MONGODB_URI ?? engine!.uri, `bench_${Date.now()}`));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { supervisorCookies, adminCookie, caretakerCookie, supervisorEmail } = await seedBenchData(base);
  const today = reportDay(new Date());
  const xhr = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

  const results: Result[] = [];
  results.push(await measure('GET /api/auth/me', REQUESTS, CONCURRENCY, (i) => fetch(`${base}/api/auth/me`, { headers: { cookie: supervisorCookies[i % supervisorCookies.length]! } })));
  results.push(
    await measure('PUT /api/reports/my', REQUESTS, CONCURRENCY, (i) =>
      fetch(`${base}/api/reports/my`, {
        method: 'PUT',
        headers: { ...xhr, cookie: supervisorCookies[i % supervisorCookies.length]! },
        body: JSON.stringify({ date: today, content: `Runde ${i}`, completedTasks: i % 2 ? ['1', '3'] : ['1'], awayStudents: [] }),
      }),
    ),
  );
  results.push(await measure('GET /api/task-rounds', REQUESTS, CONCURRENCY, () => fetch(`${base}/api/task-rounds`, { headers: { cookie: adminCookie } })));
  results.push(await measure('GET /api/reports/recent7', REQUESTS, CONCURRENCY, () => fetch(`${base}/api/reports/recent7`, { headers: { cookie: adminCookie } })));
  results.push(
    await measure('GET /api/maintenance-tasks?status=pending', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api/maintenance-tasks?status=pending`, { headers: { cookie: caretakerCookie } }),
    ),
  );
  results.push(
    await measure('POST /api/auth/login (argon2id)', Math.min(REQUESTS, 100), Math.min(CONCURRENCY, 4), () =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: xhr, body: JSON.stringify({ email: supervisorEmail, password: 'passord123' }) }),
    ),
  );
  printTable(results, { requests: REQUESTS, concurrency: CONCURRENCY, engine: process.env.MONGODB_URI ? 'MONGODB_URI' : 'FerretDB (SQLite)' });
  for (const line of await benchExports(base)) console.log(line);

  await app.close();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
} finally {
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
