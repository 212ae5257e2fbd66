import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../test/fixtures';
import type { ApiClient } from '../../test/httpClient';
import { writeMyReport } from '../../test/reportWrites';
import { signedIn } from '../../test/sessions';
import { eventually, useTwoInstances, type TwoInstances } from '../../test/twoInstances';
import { reportDay } from '#protocol/time';
import { TestClock } from '../../test/testClock';

/**
 * A school's hot lists are kept in memory per instance; a write on one instance empties them
 * there at once and on the other (a process of its own) through Redis.
 */
let two: TwoInstances;
let fx: Fixture;
let server: TwoInstances['server'];
const onOther = (client: ApiClient) => two.onOther(client);

// The report is written in the evening of the report day the wall clock is in: the other instance
// runs on the wall clock, and between 08:30 and 09:00 a report written 'now' is refused.
const clock = new TestClock();
clock.setOslo(reportDay(new Date()), 21, 0);

useTwoInstances(
  (running) => {
    two = running;
    ({ fx, server } = running);
  },
  {},
  { clock },
);

type Report = { authorName: string; completedTasks: string[] };
type Rounds = { rounds: { taskId: string }[] };
type Task = { description: string };

describe('a school’s hot lists in memory', () => {
  it('a saved report shows in the last seven days and the rounds at once here, and on the other instance as soon as Redis says so', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const there = onOther(supervisor);
    const recent = async (client: ApiClient) =>
      (await client.get<Report[]>('/api/reports/recent7')).body.map((r) => `${r.authorName}: ${r.completedTasks.join(',')}`);
    const rounds = async (client: ApiClient) => (await client.get<Rounds>('/api/task-rounds')).body.rounds.map((r) => r.taskId);
    // Both instances now hold the lists in memory.
    expect(await recent(supervisor)).toEqual([]);
    expect(await recent(there)).toEqual([]);
    expect(await rounds(there)).toEqual([]);

    const saved = await writeMyReport(supervisor, reportDay(clock.now()), 'Rolig kveld', ['2']);
    expect(saved.status).toBe(200);
    expect(await recent(supervisor)).toEqual([`${fx.a.supervisor.name}: 2`]);
    expect(await rounds(supervisor)).toEqual(['2']);
    expect(await eventually(async () => (await recent(there)).includes(`${fx.a.supervisor.name}: 2`))).toBe(true);
    expect(await eventually(async () => (await rounds(there)).includes('2'))).toBe(true);
  });

  it('a case sent on one instance is in the caretaker’s list on both, and gone from both when deleted', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const caretaker = await signedIn(server.baseUrl, fx.a.caretaker);
    const there = onOther(caretaker);
    const pending = async (client: ApiClient) =>
      (await client.get<Task[]>('/api/maintenance-tasks?status=pending')).body.map((t) => t.description);
    expect(await pending(there)).not.toContain('Knust vindu');

    const created = await supervisor.post<{ id: string }>('/api/maintenance-tasks/submit', {
      roomNumber: '12',
      description: 'Knust vindu',
    });
    expect(created.status).toBe(201);
    expect(await pending(caretaker)).toContain('Knust vindu');
    expect(await eventually(async () => (await pending(there)).includes('Knust vindu'))).toBe(true);

    expect((await caretaker.delete(`/api/maintenance-tasks/${created.body.id}`)).status).toBe(200);
    expect(await pending(caretaker)).not.toContain('Knust vindu');
    expect(await eventually(async () => !(await pending(there)).includes('Knust vindu'))).toBe(true);
  });

  it('a case deleted on one instance: its key replayed at once on the other answers 410 and makes nothing (the deleted keys are kept in memory)', async () => {
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const caretaker = await signedIn(server.baseUrl, fx.a.caretaker);
    const there = onOther(supervisor);
    const send = (client: ApiClient, key: string) =>
      client.request<{ id: string }>(
        'POST',
        '/api/maintenance-tasks/submit',
        { roomNumber: '7', description: 'Slettes straks' },
        { headers: { 'idempotency-key': key } },
      );
    // The other instance holds the school's deleted keys in memory: a keyed case sent there reads them.
    expect((await send(there, 'oppvarming-0001')).status).toBe(201);
    const created = await send(supervisor, 'slettes-straks-0001');
    expect(created.status).toBe(201);
    expect((await caretaker.delete(`/api/maintenance-tasks/${created.body.id}`)).status).toBe(200);
    // No waiting: the deletion was answered only once every instance had forgotten the keys.
    const replay = await send(there, 'slettes-straks-0001');
    expect(replay.status).toBe(410);
    const pending = await onOther(caretaker).get<Array<{ id: string }>>('/api/maintenance-tasks?status=pending');
    expect(pending.body.map((t) => t.id)).not.toContain(created.body.id);
  });

  it('the day’s sick and away lists follow a change at once here, and on the other instance as soon as Redis says so', async () => {
    const admin = await signedIn(server.baseUrl, fx.a.admin);
    const supervisor = await signedIn(server.baseUrl, fx.a.supervisor);
    const there = onOther(supervisor);
    const today = reportDay(new Date());
    const sick = async (client: ApiClient) => (await client.get<{ names: string[] }>(`/api/sick?date=${today}`)).body.names;
    const away = async (client: ApiClient) => (await client.get<{ names: string[] }>(`/api/away?activeOn=${today}`)).body.names;
    // Both instances now hold the lists in memory.
    expect(await sick(supervisor)).not.toContain('Sofie Syk');
    expect(await sick(there)).not.toContain('Sofie Syk');
    expect(await away(there)).not.toContain('Tore Tur');

    expect((await admin.post('/api/sick/add', { date: today, name: 'Sofie Syk', comment: '' })).status).toBe(200);
    expect((await admin.post('/api/away/add', { fromDate: today, toDate: today, studentName: 'Tore Tur' })).status).toBe(200);
    expect(await sick(supervisor)).toContain('Sofie Syk');
    expect(await away(supervisor)).toContain('Tore Tur');
    expect(await eventually(async () => (await sick(there)).includes('Sofie Syk'))).toBe(true);
    expect(await eventually(async () => (await away(there)).includes('Tore Tur'))).toBe(true);
  });

  it('one school’s write leaves another school’s lists alone, and never shows in them', async () => {
    const a = await signedIn(server.baseUrl, fx.a.caretaker);
    const b = await signedIn(server.baseUrl, fx.b.caretaker);
    const supervisorA = await signedIn(server.baseUrl, fx.a.supervisor);
    await supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '7', description: 'Bare skole A' });
    expect((await a.get<Task[]>('/api/maintenance-tasks?status=pending')).body.map((t) => t.description)).toContain('Bare skole A');
    expect((await b.get<Task[]>('/api/maintenance-tasks?status=pending')).body.map((t) => t.description)).not.toContain('Bare skole A');
  });
});
