import { PDFParse } from 'pdf-parse';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadExport } from '../../../test/exportFiles';
import type { RegisterEntry, RegisterStudentRecord } from '#protocol/studentRegister';
import type { StudentData, StudentErasure } from '#protocol/students';
import type { Sick } from '#protocol/sick';
import type { Trip } from '#protocol/away';
import type { Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { record, socketPool, waitFor } from '../../../test/sockets';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * The GDPR page and the register (issue 46): the lookup shows what the register keeps about the
 * student, finds what their id is held under on lists, and the erasure takes all of it.
 */
const clock = new TestClock();
clock.setOslo('2026-11-23', 20, 0);
let server: TestServer;
let fx: Fixture;
let c: Callers;
const sockets = socketPool(() => server.baseUrl);
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });
afterEach(() => sockets.closeAll());

const NAME = 'Sigrid Haugland';
const url = (name: string) => `/api/admin/students/${encodeURIComponent(name)}`;

describe('a register student on the GDPR page', () => {
  it('is shown with what the register keeps, found on lists by id, and erased with everything linked', async () => {
    const student = (
      await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', {
        firstName: 'Sigrid',
        lastName: 'Haugland',
        house: 'Sørtun',
        room: '7',
        externalId: 'E-9',
        contactNote: 'Mor: 911 11 111',
      })
    ).body;
    // On a sick list under the name, and on a trip by id under a name since corrected on the list only.
    await c.adminA.post('/api/sick/add', { date: '2026-11-23', name: NAME, comment: 'Hodepine', studentId: student.id });
    const trip = (
      await c.adminA.post<Trip>('/api/away/add', {
        fromDate: '2026-11-23',
        toDate: '2026-11-24',
        studentNames: ['Sigrid H.', 'Per Annen'],
        studentIds: { 'Sigrid H.': student.id },
      })
    ).body;
    await c.adminA.post('/api/sick/add', { date: '2026-11-22', name: 'Sigrid Haugland-Berg' });

    const data = (await c.adminA.get<StudentData>(url(NAME))).body;
    expect(data.register).toEqual([
      { className: '', house: 'Sørtun', room: '7', boarder: true, externalId: 'E-9', contactNote: 'Mor: 911 11 111', leftAt: null },
    ]);
    expect(data.sick).toEqual([{ date: '2026-11-23', comment: 'Hodepine' }]);
    expect(data.trips).toEqual([{ fromDate: '2026-11-23', toDate: '2026-11-24' }]);
    // The parent's PDF says it too.
    const pdf = await downloadExport(c.adminA, `${url(NAME)}/pdf`);
    const text = (await new PDFParse({ data: new Uint8Array(pdf.bytes) }).getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Elevregisteret (1) Sørtun, rom 7 · internatelev · elevnummer E-9 · kontakt: Mor: 911 11 111');

    const supervisor = await sockets.connectAs(fx.a.supervisor);
    const heard = record(supervisor.socket, ['registerEntries.removed']);
    const erased = await c.adminA.delete<StudentErasure>(url(NAME));
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ registerEntries: 1, sickLists: 1, trips: 1 });
    await waitFor(() => heard.length === 1);
    expect(heard[0]?.payload).toEqual({ id: student.id });

    expect((await c.supervisorA.get<RegisterEntry[]>('/api/register/entries')).body.map((e) => e.id)).not.toContain(student.id);
    expect((await c.adminA.get<RegisterStudentRecord[]>('/api/admin/register?includeLeft=true')).body.map((s) => s.id)).not.toContain(
      student.id,
    );
    expect((await c.adminA.get<Sick>('/api/sick?date=2026-11-23')).body.names).toEqual([]);
    const left = (await c.adminA.get<Trip[]>('/api/away/all')).body.find((t) => t.id === trip.id);
    expect(left?.studentNames).toEqual(['Per Annen']);
    // Another student whose name only begins the same is not touched.
    expect((await c.adminA.get<Sick>('/api/sick?date=2026-11-22')).body.names).toEqual(['Sigrid Haugland-Berg']);
    const after = (await c.adminA.get<StudentData>(url(NAME))).body;
    expect([after.register, after.sick, after.trips]).toEqual([[], [], []]);
    // The trail keeps the register's changes, without the name.
    const trail = (await c.adminA.get<{ action: string; targetName: string }[]>('/api/admin/audit?kind=register')).body;
    expect(trail.find((e) => e.action === 'register.added')?.targetName).toBe('(slettet elev)');
    // And the trips' trail, under the name the trip held them by.
    const trips = (await c.adminA.get<{ action: string; targetName: string }[]>('/api/admin/audit?kind=trips')).body;
    expect(trips.filter((e) => e.targetName === 'Sigrid H.')).toEqual([]);
  });
});
