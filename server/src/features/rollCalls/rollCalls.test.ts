import { afterEach, describe, expect, it } from 'vitest';
import { ROLL_CALL_TEXTS, type RollCall, type RollMark } from '#protocol/rollCalls';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';

/** Roll calls over HTTP (issue 47, the server's part): one roll per house at a time, marks live, last mark wins, a note when someone is missing. */
const clock = new TestClock();
clock.setOslo('2026-11-23', 22, 0);
const DAY = '2026-11-23';
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const add = async (firstName: string, house: string) =>
  (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName, lastName: 'Teller', house, room: '1' })).body;
const mark = (id: string, studentId: string, body: Record<string, unknown>) =>
  c.supervisorA.put<RollMark>(`/api/roll-calls/${id}/marks/${studentId}`, body);
const rollOf = async (id: string) => (await c.supervisorA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body.find((r) => r.id === id)!;

describe('a roll call', () => {
  it('is one per house under way; marks reach the other phones; a mark made off line earlier than one there changes nothing', async () => {
    const [ane, bo] = [await add('Ane', 'Vesttun'), await add('Bo', 'Vesttun')];
    const other = await sockets.connectAs(fx.a.admin);
    const heard = record(other.socket, ['rollCalls.saved', 'rollCalls.marked']);
    const caretaker = await sockets.connectAs(fx.a.caretaker);
    const caretakerHeard = record(caretaker.socket, ['rollCalls.saved', 'rollCalls.marked']);

    const started = await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Vesttun' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ date: DAY, house: 'Vesttun', startedByName: 'Kari A', finishedAt: null, marks: [] });
    // A second phone starting the same roll joins it.
    const again = await c.adminA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Vesttun' });
    expect(again.body.id).toBe(started.body.id);
    const id = started.body.id;

    const marked = (await mark(id, ane.id, { state: 'present' })).body;
    expect(marked).toMatchObject({ rollCallId: id, studentId: ane.id, state: 'present', byName: 'Kari A', at: clock.now().toISOString() });
    expect((await rollOf(id)).marks).toEqual([{ studentId: ane.id, state: 'present', byName: 'Kari A', at: clock.now().toISOString() }]);
    // The other phones are sent the mark alone, not the roll.
    await waitFor(() => heard.some((e) => e.event === 'rollCalls.marked'));
    expect(heard.find((e) => e.event === 'rollCalls.marked')?.payload).toEqual(marked);
    // Made off line five minutes ago: older than the mark there, so it changes nothing, and the answer says what stands.
    const earlier = new Date(clock.now().getTime() - 5 * 60_000).toISOString();
    expect((await mark(id, ane.id, { state: 'missing', at: earlier })).body.state).toBe('present');
    // A time in the future is taken as now.
    expect((await mark(id, bo.id, { state: 'missing', at: '2099-01-01T00:00:00Z' })).body.at).toBe(clock.now().toISOString());
    expect((await mark(id, bo.id, { state: 'none' })).body.state).toBe('none');
    expect((await rollOf(id)).marks.map((m) => m.studentId)).toEqual([ane.id]);

    // Bo unmarked: a note is needed to finish.
    const bare = await c.supervisorA.post<{ message: string }>(`/api/roll-calls/${id}/finish`, {});
    expect([bare.status, bare.body.message]).toEqual([400, ROLL_CALL_TEXTS.noteNeeded]);
    const done = await c.supervisorA.post<RollCall>(`/api/roll-calls/${id}/finish`, { note: 'Bo var på badet, sett 22:10' });
    expect(done.body).toMatchObject({
      finishedByName: 'Kari A',
      note: 'Bo var på badet, sett 22:10',
      result: { expected: 2, present: 1, missing: 0, unmarked: 1, notFound: [], uncounted: ['Bo Teller'] },
    });
    expect((await mark(id, bo.id, { state: 'present' })).status).toBe(409);
    // Finished, the house may be counted again.
    expect((await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Vesttun' })).body.id).not.toBe(id);
    expect((await c.supervisorA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body).toHaveLength(2);
    const trail = (await c.adminA.get<{ action: string; detail: string }[]>('/api/admin/audit?kind=rollCalls')).body;
    expect(trail[0]).toMatchObject({ action: 'rollCall.finished', detail: '1 av 2 telt, 0 ikke funnet' });
    await sockets.drainAll();
    expect(caretakerHeard).toEqual([]);
  });

  it('is for those who read the register, and another school finds nothing; bad input is refused in Norwegian', async () => {
    await expectAccess(
      c,
      (x) => x.get(`/api/roll-calls?date=${DAY}`),
      refusedExcept({ adminA: 200, supervisorA: 200, adminB: 200, platform: 400 }),
    );
    const call = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Østtun' })).body;
    const student = await add('Cato', 'Østtun');
    expect((await c.adminB.put(`/api/roll-calls/${call.id}/marks/${student.id}`, { state: 'present' })).status).toBe(404);
    expect((await c.adminB.post(`/api/roll-calls/${call.id}/finish`, { note: 'x' })).status).toBe(404);
    expect((await c.caretakerA.put(`/api/roll-calls/${call.id}/marks/${student.id}`, { state: 'present' })).status).toBe(403);
    const bad = await mark(call.id, student.id, { state: 'kanskje' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toContain('markering');
    const badTime = await mark(call.id, student.id, { state: 'present', at: 'i går' });
    expect((badTime.body as unknown as { message: string }).message).toContain('Ugyldig tidspunkt');
    expect((await c.supervisorA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body.find((r) => r.id === call.id)?.marks).toEqual([]);
  });
});
