import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVACUATION_TEXTS, type Evacuation, type EvacueeMark } from '#protocol/evacuations';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestPushService, type TestDevice } from '../../../test/pushService';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';
import { downloadExport } from '../../../test/exportFiles';
import { PDFParse } from 'pdf-parse';
import { osloInstant } from '#protocol/time';

/** The evacuation list over HTTP and sockets (issue 47): every staff device of the school, and no other school. */
const clock = new TestClock();
clock.setOslo('2026-11-27', 2, 0);
let server: TestServer;
let fx: Fixture;
let c: Callers;
let service: TestPushService;
let caretakerDevice: TestDevice;
let schoolBDevice: TestDevice;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

beforeAll(async () => {
  service = await TestPushService.start();
  caretakerDevice = service.newDevice('vaktmester');
  schoolBDevice = service.newDevice('skole B');
  expect((await c.caretakerA.post('/api/push/subscriptions', caretakerDevice.toJSON())).status).toBe(200);
  expect((await c.adminB.post('/api/push/subscriptions', schoolBDevice.toJSON())).status).toBe(200);
});
afterAll(async () => service?.close());

const add = async (firstName: string, house: string, room: string) =>
  (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName, lastName: 'Evak', house, room })).body;

describe('an evacuation', () => {
  it("reaches every staff device of the school at once, the caretaker's by push too; every member marks it; a drill leaves a timed report", async () => {
    const [ada, bo] = [await add('Ada', 'Nord', '1'), await add('Bo', 'Sør', '2')];
    const caretaker = await sockets.connectAs(fx.a.caretaker);
    const caretakerHeard = record(caretaker.socket, ['evacuations.saved', 'evacuations.marked']);
    const other = await sockets.connectAs(fx.b.admin);
    const otherHeard = record(other.socket, ['evacuations.saved', 'evacuations.marked']);

    const started = await c.supervisorA.post<Evacuation>('/api/evacuations', { drill: true });
    expect(started.status).toBe(200);
    const evacuation = started.body;
    expect(evacuation).toMatchObject({ drill: true, startedByName: 'Kari A', endedAt: null, safe: [] });
    // Tonight's boarders by house and room, and the staff signed in.
    expect(evacuation.people.filter((p) => p.kind === 'student')).toEqual([
      { id: ada.id, name: 'Ada Evak', kind: 'student', house: 'Nord', room: '1' },
      { id: bo.id, name: 'Bo Evak', kind: 'student', house: 'Sør', room: '2' },
    ]);
    expect(evacuation.people.filter((p) => p.kind === 'staff').map((p) => [p.name, p.house])).toEqual(
      expect.arrayContaining([
        [fx.a.admin.name, EVACUATION_TEXTS.staffHouse],
        [fx.a.caretaker.name, EVACUATION_TEXTS.staffHouse],
        [fx.a.supervisor.name, EVACUATION_TEXTS.staffHouse],
      ]),
    );
    await waitFor(() => caretakerHeard.some((e) => e.event === 'evacuations.saved'));
    await service.waitUntil(() => service.to(caretakerDevice).length > 0, 2_000);
    expect(service.to(caretakerDevice)[0]?.message).toEqual({
      kind: 'evacuationStarted',
      title: 'Evakueringsøvelse startet',
      body: `${evacuation.people.length} på listen. Åpne listen og merk hvem som er i sikkerhet.`,
      url: `/evakuering/${evacuation.id}`,
      tag: `evakuering-${evacuation.id}`,
    });
    // A second phone starting one gets the one under way.
    expect((await c.adminA.post<Evacuation>('/api/evacuations', {})).body.id).toBe(evacuation.id);

    // The caretaker at the assembly point marks too.
    const mark = await c.caretakerA.put<EvacueeMark>(`/api/evacuations/${evacuation.id}/people/${ada.id}`, { safe: true });
    expect(mark.body).toMatchObject({ personId: ada.id, safe: true, byName: fx.a.caretaker.name });
    clock.setOslo('2026-11-27', 2, 4);
    await c.supervisorA.put(`/api/evacuations/${evacuation.id}/people/${bo.id}`, { safe: true });
    for (const person of evacuation.people.filter((p) => p.kind === 'staff'))
      await c.adminA.put(`/api/evacuations/${evacuation.id}/people/${person.id}`, { safe: true });
    await waitFor(() => caretakerHeard.filter((e) => e.event === 'evacuations.marked').length >= 2);
    const listed = (await c.caretakerA.get<Evacuation[]>('/api/evacuations')).body;
    expect(listed.find((e) => e.id === evacuation.id)?.safe.map((m) => m.personId)).toEqual(expect.arrayContaining([ada.id, bo.id]));

    clock.setOslo('2026-11-27', 2, 6);
    const ended = await c.adminA.post<Evacuation>(`/api/evacuations/${evacuation.id}/end`, {});
    expect(ended.body).toMatchObject({ endedByName: fx.a.admin.name });
    expect((await c.adminA.put(`/api/evacuations/${evacuation.id}/people/${ada.id}`, { safe: false })).status).toBe(409);
    const trail = (await c.adminA.get<{ action: string; detail: string }[]>('/api/admin/audit?kind=evacuations')).body;
    expect(trail[0]).toMatchObject({
      action: 'evacuation.drillEnded',
      detail: `Startet 02:00, avsluttet 02:06 (6 min 0 s). ${evacuation.people.length} av ${evacuation.people.length} i sikkerhet, 0 ikke gjort rede for. Alle i sikkerhet etter 4 min 0 s.`,
    });
    await sockets.drainAll();
    expect(otherHeard).toEqual([]);
    expect(service.to(schoolBDevice)).toEqual([]);

    // The list as a PDF, made by the export workers: every person by house, when each was safe (the drill's timed report).
    const pdf = await downloadExport(c.caretakerA, `/api/evacuations/${evacuation.id}/list.pdf`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.bytes) }).getText();
    for (const expected of [
      'Evakueringsliste (øvelse)',
      'Nord',
      'Ada Evak',
      'Sør',
      'Bo Evak',
      EVACUATION_TEXTS.staffHouse,
      fx.a.caretaker.name,
    ])
      expect(text).toContain(expected);
    expect(text).toContain('etter 6 min 0 s');
    expect(text).toContain('kl. 02:04 (+4 min 0 s)');
    expect(text).toContain(`0 av ${evacuation.people.length} ikke gjort rede for`);
    expect((await downloadExport(c.adminB, `/api/evacuations/${evacuation.id}/list.pdf`)).status).toBe(404);
  });

  it('is for the members of the school; another school finds nothing; someone not on the list and bad input are refused in Norwegian', async () => {
    await expectAccess(
      c,
      (x) => x.get('/api/evacuations'),
      refusedExcept({ adminA: 200, supervisorA: 200, caretakerA: 200, adminB: 200, platform: 400 }),
    );
    // The Vaktmester marks, but does not start or end one.
    expect((await c.caretakerA.post('/api/evacuations', {})).status).toBe(403);
    const evacuation = (await c.adminA.post<Evacuation>('/api/evacuations', {})).body;
    const student = evacuation.people[0] ?? { id: fx.a.admin.id };
    expect((await c.adminB.put(`/api/evacuations/${evacuation.id}/people/${student.id}`, { safe: true })).status).toBe(404);
    expect((await c.adminB.post(`/api/evacuations/${evacuation.id}/end`, {})).status).toBe(404);
    const stranger = await c.adminA.put<{ message: string }>(`/api/evacuations/${evacuation.id}/people/${'f'.repeat(24)}`, { safe: true });
    expect([stranger.status, stranger.body.message]).toEqual([404, EVACUATION_TEXTS.notOnList]);
    const bad = await c.adminA.put<{ message: string }>(`/api/evacuations/${evacuation.id}/people/${student.id}`, { safe: 'ja' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('i sikkerhet');
    expect((await c.caretakerA.post(`/api/evacuations/${evacuation.id}/end`, {})).status).toBe(403);
    await c.adminA.post(`/api/evacuations/${evacuation.id}/end`, {});
    expect((await c.adminA.get<Evacuation[]>('/api/evacuations')).body.find((e) => e.id === evacuation.id)?.safe).toEqual([]);
  });

  it("started off line keeps the phone's id, time and report day, arrives once however often it is sent, and a second phone's joins it", async () => {
    // The phone started it at 08:40, still the night's report day; it reached the server at 09:10.
    const phoneStart = osloInstant('2026-11-27', 8, 40).toISOString();
    clock.setOslo('2026-11-27', 9, 10);
    const id = '65f0a1b2c3d4e5f6a7b8c9d0';
    const sent = await c.supervisorA.post<Evacuation>('/api/evacuations', { id, startedAt: phoneStart });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id, date: '2026-11-26', startedAt: phoneStart, startedByName: fx.a.supervisor.name });
    // The outbox may send it again (the answer was lost): the same one.
    const again = await c.supervisorA.post<Evacuation>('/api/evacuations', { id, startedAt: phoneStart });
    expect([again.body.id, again.body.startedAt]).toEqual([id, phoneStart]);
    // Another phone's, started off line too, joins the one under way.
    const other = await c.adminA.post<Evacuation>('/api/evacuations', { id: '65f0a1b2c3d4e5f6a7b8c9d1', startedAt: phoneStart });
    expect(other.body.id).toBe(id);
    expect((await c.adminA.get<Evacuation[]>('/api/evacuations')).body.filter((e) => e.endedAt === null).map((e) => e.id)).toEqual([id]);
    // A time from the future is the server's own.
    await c.adminA.post(`/api/evacuations/${id}/end`, {});
    const future = await c.adminA.post<Evacuation>('/api/evacuations', { startedAt: '2030-01-01T00:00:00.000Z' });
    expect(future.body.startedAt).toBe(clock.now().toISOString());
    await c.adminA.post(`/api/evacuations/${future.body.id}/end`, {});
  });
});
