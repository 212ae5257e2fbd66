import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { seedFixture, type Fixture } from '../../test/fixtures';
import { ApiClient } from '../../test/httpClient';
import { signedIn } from '../../test/sessions';
import { collect, connectSocket, waitFor, type TestSocket } from '../../test/sockets';
import { startSibling } from '../../test/testServer';
import { loadConfig, type Config } from '../config';
import { MaintenanceTaskModel } from '../features/maintenance/model';
import { connectDatabase, type Database } from './connect';
import { embeddedDatabasePidFile } from './embeddedDataFolder';
import { usesExternalMongo } from './engine';

/**
 * The embedded database dies under a steady load of writes and is away for ten seconds: clear
 * Norwegian 503s meanwhile, the app reconnects by itself, every write that got a 2xx is there
 * afterwards, open screens are told to fetch again, and an app restart keeps everyone signed in.
 */
const OUTAGE_MS = 10_000;
const DAY = '2026-03-10';
let dataDir: string;
let config: Config;
let database: Database;
let app: FastifyInstance;
let url: string;
let fx: Fixture;

async function listen(): Promise<void> {
  ({ app, url } = await startSibling(config));
}

// Kills and restarts the embedded engine's process: MongoDB's own failover is not the app's to test.
describe.skipIf(usesExternalMongo)('the embedded database goes away and comes back (not with MONGODB_URI)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-outage-'));
    // The app's own embedded database under DATA_DIR, as main.ts starts it, kept down for the outage.
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      EMBEDDED_DB_RESTART_SECONDS: String(OUTAGE_MS / 1000),
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
    });
    database = await connectDatabase(config, () => undefined);
    await listen();
    fx = await seedFixture();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('503s while it is gone, every acknowledged write kept, screens told to fetch again', async () => {
    const admin = await signedIn(url, fx.a.admin);
    const supervisor = await signedIn(url, fx.a.supervisor);
    const socket: TestSocket = await connectSocket(url, supervisor.cookie);
    const restored = collect(socket, 'connections.restored');

    const saved = { sick: new Set<string>(), cases: new Set<string>() };
    const answers: Array<{ status: number; ms: number; message?: string }> = [];
    let running = true;
    let n = 0;
    const load = (async () => {
      while (running) {
        n += 1;
        const started = Date.now();
        const sick = n % 2 === 0;
        const name = `Elev ${n}`;
        const res = sick
          ? await admin.post<{ message?: string }>('/api/sick/add', { date: DAY, name, comment: '' })
          : await supervisor.post<{ message?: string }>('/api/maintenance-tasks/submit', { roomNumber: String(n), description: name });
        answers.push({ status: res.status, ms: Date.now() - started, message: res.body?.message });
        if (res.status < 300) (sick ? saved.sick : saved.cases).add(name);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();

    await waitFor(() => answers.length >= 20, 10_000);
    const killedAt = Date.now();
    // As an operator (or the kernel's OOM killer) would: the process named in DATA_DIR/ferretdb.pid.
    process.kill(Number(readFileSync(embeddedDatabasePidFile(config), 'utf8')), 'SIGKILL');
    // Gone: refused clearly and soon, not after a minute, never a 500.
    await waitFor(() => answers.some((a) => a.status === 503), 15_000);
    // Back (the supervisor restarts it after the outage), and writes succeed again.
    await waitFor(() => database.embedded?.restarts === 1, OUTAGE_MS + 20_000);
    const backAt = answers.length;
    await waitFor(() => answers.slice(backAt).filter((a) => a.status < 300).length >= 10, 30_000);
    running = false;
    await load;
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(OUTAGE_MS);

    const refused = answers.filter((a) => a.status >= 300);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([503]));
    expect(new Set(refused.map((a) => a.message))).toEqual(new Set([TEXTS.databaseAway]));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(8_000);

    // Every write that was acknowledged is there.
    const sick = await admin.get<{ names: string[] }>(`/api/sick?date=${DAY}`);
    for (const name of saved.sick) expect(sick.body.names, name).toContain(name);
    const cases = new Set((await MaintenanceTaskModel.of(fx.a.id).find({}, { description: 1 }).lean()).map((t) => t.description));
    for (const name of saved.cases) expect(cases.has(name), name).toBe(true);

    // Open screens were told the database is back, so they fetch what they may have missed.
    await waitFor(() => restored.length > 0, 10_000);
    socket.close();
  }, 90_000);

  it('an app restart keeps everyone signed in', async () => {
    const client = await signedIn(url, fx.b.supervisor);
    await app.close();
    await listen();
    const again = new ApiClient(url);
    again.cookie = client.cookie;
    expect((await again.get('/api/auth/me')).status).toBe(200);
  });
});
