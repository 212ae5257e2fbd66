import { afterEach, describe, expect, it } from 'vitest';
import { REGISTER_TEXTS, type RegisterEntry, type RegisterStudentRecord } from '#protocol/studentRegister';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';
import { expireLeftStudents } from './retention';

/** The register of the school's students (issue 46): kept by the office, read by the night round, live. */
const clock = new TestClock();
clock.setOslo('2026-11-23', 20, 0);
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const STUDENTS = '/api/admin/register/students';
type Problem = { message: string; code?: string; current?: RegisterStudentRecord };

async function added(body: Record<string, unknown>): Promise<RegisterStudentRecord> {
  const res = await c.adminA.post<RegisterStudentRecord>(STUDENTS, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const entriesOfA = async () => (await c.supervisorA.get<RegisterEntry[]>('/api/register/entries')).body;

describe('the register of students', () => {
  it('an Admin adds a student; the night round reads name, class, house and room, and nothing else', async () => {
    const cls = (await c.adminA.post<{ id: string }>('/api/admin/classes', { className: 'VG1A' })).body;
    const made = await added({
      firstName: ' Åse ',
      lastName: 'Ødegård',
      classId: cls.id,
      house: 'Nordbygg',
      room: '12',
      externalId: 'E-1001',
      contactNote: 'Mor: 900 00 000',
    });
    expect(made).toMatchObject({
      firstName: 'Åse',
      lastName: 'Ødegård',
      className: 'VG1A',
      classId: cls.id,
      house: 'Nordbygg',
      room: '12',
      boarder: true,
      externalId: 'E-1001',
      contactNote: 'Mor: 900 00 000',
      leftAt: null,
      version: 1,
      schoolId: fx.a.id,
    });
    const entry = (await entriesOfA()).find((e) => e.id === made.id);
    expect(entry).toEqual({
      id: made.id,
      firstName: 'Åse',
      lastName: 'Ødegård',
      classId: cls.id,
      className: 'VG1A',
      house: 'Nordbygg',
      room: '12',
      updatedAt: made.updatedAt,
    });
    // A renamed class names the student's class from then on.
    await c.adminA.put(`/api/admin/classes/${cls.id}`, { className: 'VG1B' });
    expect((await entriesOfA()).find((e) => e.id === made.id)?.className).toBe('VG1B');
  });

  it('who may: the register is read by Admin, Tilsynsvakt and the platform naming the school; changed by the office; a Vaktmester and another school get nothing', async () => {
    await expectAccess(
      c,
      (x) => x.get('/api/register/entries'),
      refusedExcept({ adminA: 200, supervisorA: 200, platform: 400, adminB: 200 }),
    );
    expect((await c.platform.get(`/api/register/entries?schoolId=${fx.a.id}`)).status).toBe(200);
    expect((await c.adminB.get(`/api/register/entries?schoolId=${fx.a.id}`)).status).toBe(403);
    await expectAccess(c, (x) => x.get('/api/admin/register'), refusedExcept({ adminA: 200, platform: 400, adminB: 200 }));
    const body = { firstName: 'Per', lastName: 'Berg' };
    await expectAccess(c, (x) => x.post(STUDENTS, body), refusedExcept({ platform: 400, adminB: 201, adminA: 201 }));
    expect((await c.adminB.get<RegisterEntry[]>('/api/register/entries')).body.filter((e) => e.lastName === 'Berg')).toHaveLength(1);
    const ofA = (await entriesOfA()).find((e) => e.lastName === 'Berg')!;
    expect((await c.adminB.put(`${STUDENTS}/${ofA.id}`, { room: '1' })).status).toBe(404);
    expect((await c.adminB.post(`${STUDENTS}/${ofA.id}/leave`, { leftAt: '2026-11-23' })).status).toBe(404);
    expect((await c.adminB.put(`${STUDENTS}/${ofA.id}?schoolId=${fx.a.id}`, { room: '1' })).status).toBe(403);
    expect((await c.caretakerA.put(`${STUDENTS}/${ofA.id}`, { room: '1' })).status).toBe(403);
  });

  it('refuses bad input with a Norwegian message and stores nothing', async () => {
    const before = (await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body.length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ lastName: 'Berg' }, 400, 'fornavn'],
      [{ firstName: '   ', lastName: 'Berg' }, 400, 'Navn må fylles ut'],
      [{ firstName: 'Per', lastName: 'Berg', room: 'x'.repeat(61) }, 400, 'Rommet kan være maks 60 tegn'],
      [{ firstName: 'Per', lastName: 'Be\u0000rg' }, 400, 'kontrolltegn'],
      [{ firstName: 'Per', lastName: 'Berg', classId: '0123456789abcdef01234567' }, 400, REGISTER_TEXTS.unknownClass],
      [{ firstName: 'Per', lastName: 'Berg', boarder: 'ja' }, 400, 'internatelev'],
    ];
    for (const [body, status, text] of cases) {
      const res = await c.adminA.post<Problem>(STUDENTS, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toContain(text);
    }
    await added({ firstName: 'Ida', lastName: 'Lie', externalId: 'E-77' });
    const twice = await c.adminA.post<Problem>(STUDENTS, { firstName: 'Ida', lastName: 'Li', externalId: 'E-77' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REGISTER_TEXTS.duplicateExternalId);
    expect((await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body.length).toBe(before + 1);
    expect((await c.adminA.put(`${STUDENTS}/ikke-en-id`, { room: '1' })).status).toBe(400);
    expect((await c.adminA.post(`${STUDENTS}/0123456789abcdef01234567/leave`, { leftAt: '2026-02-30' })).status).toBe(400);
  });

  it('an edit moves a room and says so in Endringslogg; a change made on an older version is refused with the current one', async () => {
    const made = await added({ firstName: 'Nora', lastName: 'Dahl', house: 'Sør', room: '3', contactNote: 'Far: 911' });
    const moved = await c.adminA.put<RegisterStudentRecord>(`${STUDENTS}/${made.id}`, { house: 'Nord', room: '14', baseVersion: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ house: 'Nord', room: '14', version: 2, firstName: 'Nora', contactNote: 'Far: 911' });
    const stale = await c.adminA.put<Problem>(`${STUDENTS}/${made.id}`, { room: '15', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'editConflict', message: REGISTER_TEXTS.changed });
    expect(stale.body.current).toMatchObject({ room: '14', version: 2 });
    await c.adminA.put(`${STUDENTS}/${made.id}`, { contactNote: 'Mor: 922' });
    type Entry = { action: string; targetName: string; detail: string };
    const trail = (await c.adminA.get<Entry[]>('/api/admin/audit?kind=register')).body.filter((e) => e.targetName === 'Nora Dahl');
    expect(trail.map((e) => [e.action, e.detail])).toEqual([
      ['register.changed', 'hvem som skal kontaktes endret'],
      ['register.changed', 'internat: Sør → Nord; rom: 3 → 14'],
      ['register.added', ''],
    ]);
    expect(JSON.stringify(trail)).not.toContain('922');
  });

  it("'Sluttet' takes a student off every list from that day, live; the office still finds them and can take them back", async () => {
    const made = await added({ firstName: 'Tor', lastName: 'Vik', house: 'Nord', room: '2' });
    const supervisor = await sockets.connectAs(fx.a.supervisor);
    const caretaker = await sockets.connectAs(fx.a.caretaker);
    const admin = await sockets.connectAs(fx.a.admin);
    const seen = record(supervisor.socket, ['registerEntries.saved', 'registerEntries.removed', 'registerStudents.saved']);
    const office = record(admin.socket, ['registerStudents.saved']);
    const caretakerHeard = record(caretaker.socket, ['registerEntries.saved', 'registerEntries.removed', 'registerStudents.saved']);

    // Leaving at the end of next week: still on the lists until then.
    const later = await c.adminA.post<RegisterStudentRecord>(`${STUDENTS}/${made.id}/leave`, { leftAt: '2026-12-04' });
    expect(later.body.leftAt).toBe('2026-12-04');
    expect((await entriesOfA()).map((e) => e.id)).toContain(made.id);
    const again = await c.adminA.post<Problem>(`${STUDENTS}/${made.id}/leave`, { leftAt: '2026-11-23' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REGISTER_TEXTS.alreadyLeft);
    await c.adminA.post(`${STUDENTS}/${made.id}/return`);

    const left = await c.adminA.post<RegisterStudentRecord>(`${STUDENTS}/${made.id}/leave`, { leftAt: '2026-11-23' });
    expect(left.status).toBe(200);
    await waitFor(() => seen.some((e) => e.event === 'registerEntries.removed'));
    expect(seen.find((e) => e.event === 'registerEntries.removed')?.payload).toEqual({ id: made.id });
    expect(seen.some((e) => e.event === 'registerStudents.saved')).toBe(false);
    expect(office.length).toBeGreaterThanOrEqual(3);
    expect((await entriesOfA()).map((e) => e.id)).not.toContain(made.id);
    expect((await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register')).body.map((s) => s.id)).not.toContain(made.id);
    const all = (await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body;
    expect(all.find((s) => s.id === made.id)?.leftAt).toBe('2026-11-23');

    const back = await c.adminA.post<RegisterStudentRecord>(`${STUDENTS}/${made.id}/return`);
    expect(back.body.leftAt).toBeNull();
    await waitFor(() => seen.filter((e) => e.event === 'registerEntries.saved').length >= 3);
    expect((await c.adminA.post<Problem>(`${STUDENTS}/${made.id}/return`)).body.message).toBe(REGISTER_TEXTS.notLeft);
    await sockets.drainAll();
    expect(caretakerHeard).toEqual([]);
  });

  it('a student who left is deleted when the retention period has passed, as sick lists are; the trail says how many, not who', async () => {
    const old = await added({ firstName: 'Gammel', lastName: 'Elev' });
    const recent = await added({ firstName: 'Nylig', lastName: 'Sluttet' });
    const staying = await added({ firstName: 'Blir', lastName: 'Her' });
    await c.adminA.post(`${STUDENTS}/${old.id}/leave`, { leftAt: '2025-10-31' });
    await c.adminA.post(`${STUDENTS}/${recent.id}/leave`, { leftAt: '2025-11-23' });
    // School A keeps 12 months: from 2025-11-23 on.
    expect(await expireLeftStudents(clock.now())).toBe(1);
    const ids = (await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body.map((s) => s.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toEqual(expect.arrayContaining([recent.id, staying.id]));
    type Entry = { action: string; targetName: string; detail: string };
    const [entry] = (await c.adminA.get<Entry[]>('/api/admin/audit?kind=register')).body;
    expect(entry).toMatchObject({
      action: 'register.expired',
      targetName: 'Elevregisteret',
      detail: '1 elev som sluttet før 23. november 2025 (lagringstid 12 måneder)',
    });
    expect(await expireLeftStudents(clock.now())).toBe(0);
  });
});
