import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInCallers, type Callers } from '../../../test/callers';
import { seedFixture, type Fixture } from '../../../test/fixtures';
import { TestLogFile } from '../../../test/logFile';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import { startTestServer, type TestServer } from '../../../test/testServer';

/** A sick comment is health information about a child (DECISIONS 'Students, sickness and trips'). */
const SECRET = 'Astma-anfall HEMMELIG-7731';
const clock = new TestClock();
const logFile = new TestLogFile();
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);

beforeAll(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  // Everything the server would log, at its most talkative.
  server = await startTestServer({ LOG_LEVEL: 'trace', LOG_FILE: logFile.path }, { clock });
  fx = await seedFixture();
  c = await signInCallers(server.baseUrl, fx);
  await c.adminA.post('/api/sick/add', { date: '2026-11-21', name: 'Ola', comment: SECRET });
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await server?.close();
  logFile.remove();
});

type Sick = { names: string[]; comment: string; studentComments: Record<string, string> };

describe('sick comments reach only those who need them', () => {
  it('GET /api/sick gives comments to Admin, Tilsynsvakt and Plattformadministrator, names only to a Vaktmester', async () => {
    for (const name of ['adminA', 'supervisorA'] as const) {
      const res = await c[name].get<Sick>('/api/sick?date=2026-11-21');
      expect(res.body.studentComments, name).toEqual({ Ola: SECRET });
    }
    const platform = await c.platform.get<Sick>(`/api/sick?date=2026-11-21&schoolId=${fx.a.id}`);
    expect(platform.body.studentComments).toEqual({ Ola: SECRET });
    const caretaker = await c.caretakerA.get<Sick>('/api/sick?date=2026-11-21');
    expect(caretaker.status).toBe(200);
    expect(caretaker.body).toMatchObject({ names: ['Ola'], comment: '', studentComments: {} });
    expect(JSON.stringify(caretaker.body)).not.toContain('HEMMELIG');
  });

  it('the live sick list carries comments to the same roles only, and nothing to another school', async () => {
    const listen = async (user: Parameters<typeof sockets.connectAs>[0]) =>
      record((await sockets.connectAs(user)).socket, ['sickLists.updated']);
    const admin = await listen(fx.a.admin);
    const supervisor = await listen(fx.a.supervisor);
    const caretaker = await listen(fx.a.caretaker);
    const platform = await listen(fx.platformAdmin);
    const otherSchool = await listen(fx.b.supervisor);
    await c.adminA.post('/api/sick/add', { date: '2026-11-21', name: 'Kari', comment: `${SECRET} igjen` });
    await waitFor(() => [admin, supervisor, caretaker, platform].every((seen) => seen.length === 1));
    for (const seen of [admin, supervisor, platform]) {
      expect(seen[0]!.payload).toMatchObject({ names: ['Ola', 'Kari'], studentComments: { Ola: SECRET, Kari: `${SECRET} igjen` } });
    }
    expect(caretaker[0]!.payload).toMatchObject({ schoolId: fx.a.id, names: ['Ola', 'Kari'], comment: '', studentComments: {} });
    expect(JSON.stringify(caretaker)).not.toContain('HEMMELIG');
    await sockets.drainAll();
    expect(otherSchool).toEqual([]);
    expect(caretaker).toHaveLength(1);
  });

  it('no comment is ever written to the log, on success or on refusal', async () => {
    await c.adminA.put('/api/sick', { date: '2026-11-21', students: [{ name: 'Ola', comment: SECRET }] });
    const refused = await c.adminA.post('/api/sick/add', { date: '2026-11-21', name: 'Per', comment: `${SECRET} ${'x'.repeat(600)}` });
    expect(refused.status).toBe(400);
    await c.adminA.put('/api/sick', { date: 'ugyldig', students: [{ name: 'Ola', comment: SECRET }] });
    await c.caretakerA.put('/api/sick', { date: '2026-11-21', students: [{ name: 'Ola', comment: SECRET }] });
    await c.supervisorA.get('/api/sick?date=2026-11-21');
    const logLines = await logFile.allLines(server.app.log);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((line) => line.includes('HEMMELIG'))).toEqual([]);
  });
});
