import { Types } from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import type { ApiClient } from '../../../test/httpClient';
import { signedIn } from '../../../test/sessions';
import { record, socketPool, waitFor } from '../../../test/sockets';
import type { TestServer } from '../../../test/testServer';
import { AuditModel } from '../audit/model';
import { ERASED_STUDENT } from '#protocol/students';
import { trusted } from '../../db/trusted';
import { Trip } from '../away/model';
import { ReportModel } from '../reports/model';
import { ReportVersionModel } from '../reports/versionModel';
import { SickRecord } from '../sick/model';
import { useSeededServer } from '../../../test/useTestServer';
import { TestClock } from '../../../test/testClock';
import { reportDay } from '#protocol/time';

let server: TestServer;
let fx: Fixture;
let c: Callers;
// The evening of the wall clock's report day: between 08:30 and 09:00 a report written 'now' is refused for the reset.
const clock = new TestClock(new Date(), { ticking: true });
clock.setOslo(reportDay(new Date()), 21, 0);
useSeededServer((started) => ({ server, fx, c } = started), {}, { clock });
const sockets = socketPool(() => server.baseUrl);
afterEach(() => sockets.closeAll());

const OLA = 'Ola Nordmann';
const url = (name: string) => `/api/admin/students/${encodeURIComponent(name)}`;
type Data = {
  name: string;
  sick: Array<{ date: string; comment: string }>;
  trips: Array<{ fromDate: string; toDate: string }>;
  reportsListingAway: Array<{ date: string; authorName: string }>;
  reportsMentioning: Array<{ date: string; content: string }>;
  auditEntries: Array<{ action: string; detail: string }>;
};

async function seed(): Promise<void> {
  const a = fx.a.id;
  await SickRecord.of(a).create({
    schoolId: a,
    date: '2026-10-01',
    students: [
      { name: OLA, comment: 'Feber' },
      { name: 'Kari', comment: 'Vondt i halsen' },
    ],
  });
  await SickRecord.of(a).create({ schoolId: a, date: '2026-11-02', students: [{ name: OLA, comment: '' }] });
  await SickRecord.of(a).create({ schoolId: a, date: '2026-11-03', students: [{ name: 'Ola', comment: 'en annen Ola' }] });
  await Trip.of(a).create({ schoolId: a, fromDate: '2026-09-01', toDate: '2026-09-03', studentNames: [OLA] });
  await Trip.of(a).create({ schoolId: a, fromDate: '2026-12-01', toDate: '2026-12-05', studentNames: [OLA, 'Per'] });
  await ReportModel.of(a).create({
    schoolId: a,
    authorUserId: new Types.ObjectId(fx.a.supervisor.id),
    authorName: 'Kari A',
    date: '2026-10-01',
    content: 'ola nordmann var urolig i kveld',
    awayStudents: [OLA, 'Per'],
  });
  await AuditModel.create({
    schoolId: a,
    at: new Date('2026-09-04T10:00:00Z'),
    actorId: new Types.ObjectId(fx.a.admin.id),
    actorName: 'Admin A',
    actorRole: 'Admin',
    action: 'trip.removed',
    targetId: new Types.ObjectId().toHexString(),
    targetName: 'fra 01.09.2026 til 03.09.2026',
    detail: `${OLA}, Per`,
  });
  // The same name at school B is school B's, and stays.
  await SickRecord.of(fx.b.id).create({ schoolId: fx.b.id, date: '2026-10-01', students: [{ name: OLA, comment: 'B sin' }] });
}

describe('everything stored about one student name (GDPR)', () => {
  it('is for the school’s Admin and the Plattformadministrator on a chosen school; a bad name is refused', async () => {
    await expectAccess(c, (x) => x.get(url(OLA)), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    await expectAccess(c, (x) => x.delete(url('Ingen med dette navnet')), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    for (const bad of [' ', 'x'.repeat(101), '...']) {
      const res = await c.adminA.get<{ message: string; code: string }>(url(bad));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Navn/);
    }
  });

  it('is handed over whole: sick days with comments, trips, reports that list or mention the student, the trail', async () => {
    await seed();
    const res = await c.adminA.get<Data>(url(OLA));
    expect(res.status).toBe(200);
    expect(res.body.sick).toEqual([
      { date: '2026-10-01', comment: 'Feber' },
      { date: '2026-11-02', comment: '' },
    ]);
    expect(res.body.trips).toEqual([
      { fromDate: '2026-09-01', toDate: '2026-09-03' },
      { fromDate: '2026-12-01', toDate: '2026-12-05' },
    ]);
    expect(res.body.reportsListingAway).toEqual([{ date: '2026-10-01', authorName: 'Kari A' }]);
    expect(res.body.reportsMentioning).toMatchObject([{ date: '2026-10-01', content: 'ola nordmann var urolig i kveld' }]);
    expect(res.body.auditEntries).toMatchObject([{ action: 'trip.removed', detail: `${OLA}, Per` }]);
    // The Plattformadministrator sees the same on school A, and school B's Admin none of it.
    const platform = await c.platform.get<Data>(`${url(OLA)}?schoolId=${fx.a.id}`);
    expect({ ...platform.body, exportedAt: '' }).toEqual({ ...res.body, exportedAt: '' });
    const b = await c.adminB.get<Data>(url(OLA));
    expect(b.body.sick).toEqual([{ date: '2026-10-01', comment: 'B sin' }]);
    expect(b.body.trips).toEqual([]);
  });

  it('is erased everywhere it is data, school B untouched; report text is left for a person, and the trail as it was', async () => {
    // Open screens hear it: the sick list and the report lose the name live.
    const { socket } = await sockets.connectAs(fx.a.supervisor);
    const heard = record(socket, ['reports.saved', 'sickLists.updated', 'trips.saved', 'trips.deleted']);
    const res = await c.adminA.delete<{
      sickLists: number;
      trips: number;
      reports: number;
      auditEntries: number;
      reportsMentioning: string[];
    }>(url(OLA));
    expect(res.status).toBe(200);
    await waitFor(() => heard.some((e) => e.event === 'reports.saved'));
    const savedReport = heard.find((e) => e.event === 'reports.saved')?.payload as { date: string; awayStudents: string[] };
    expect([savedReport.date, savedReport.awayStudents]).toEqual(['2026-10-01', ['Per']]);
    expect(heard.map((e) => e.event)).toEqual(expect.arrayContaining(['sickLists.updated', 'trips.saved', 'trips.deleted']));
    expect(JSON.stringify(heard.filter((e) => e.event !== 'reports.saved'))).not.toContain(OLA);
    expect(res.body).toEqual({
      // No one of the name in the register (registerErasure.test.ts has that).
      registerEntries: 0,
      sickLists: 2,
      trips: 2,
      // No roll call held them (rollCallErasure.test.ts has that).
      rollCalls: 0,
      reports: 1,
      auditEntries: 0,
      versions: 0,
      reportsMentioning: ['2026-10-01'],
      // No report names 'Ola' alone here (firstNameMatches.test.ts has those).
      reportsPossiblyMentioning: [],
    });

    const sickA = await SickRecord.of(fx.a.id).find({}).sort({ date: 1 }).lean();
    expect(sickA.map((list) => [list.date, list.students.map((s) => `${s.name}:${s.comment}`)])).toEqual([
      ['2026-10-01', ['Kari:Vondt i halsen']],
      ['2026-11-02', []],
      ['2026-11-03', ['Ola:en annen Ola']],
    ]);
    expect((await Trip.of(fx.a.id).find({}).lean()).map((trip) => trip.studentNames)).toEqual([['Per']]);
    const report = await ReportModel.of(fx.a.id).findOne({ date: '2026-10-01' }).lean();
    expect(report?.awayStudents).toEqual(['Per']);
    expect(report?.content).toBe('ola nordmann var urolig i kveld');
    expect((await SickRecord.of(fx.b.id).findOne({}).lean())?.students[0]?.name).toBe(OLA);

    // The trail is append-only: an entry about a trip keeps what it said (its target is not the student).
    const trail = await AuditModel.find({ schoolId: fx.a.id }).lean();
    expect(trail.find((entry) => entry.action === 'trip.removed')?.detail).toBe(`${OLA}, Per`);
    // The refused and the empty requests above logged an erasure of nothing; this one says what went.
    expect(trail.filter((entry) => entry.action === 'student.erased').map((entry) => entry.detail)).toContain(
      '2 sykelister, 2 reiser, 1 rapport, 0 loggoppføringer, 0 tidligere rapporttekster',
    );

    const after = await c.adminA.get<Data>(url(OLA));
    expect([after.body.sick, after.body.trips, after.body.reportsListingAway]).toEqual([[], [], []]);
  });

  it('no route changes another entry of the trail: an erasure redacts only an entry whose target is the student, whole, and says so', async () => {
    const a = fx.a.id;
    const entry = (targetName: string, detail: string) =>
      AuditModel.create({
        schoolId: a,
        at: new Date('2026-09-05T10:00:00Z'),
        actorId: new Types.ObjectId(fx.a.admin.id),
        actorName: 'Admin A',
        actorRole: 'Admin',
        action: 'user.roleChanged',
        targetId: new Types.ObjectId().toHexString(),
        targetName,
        detail,
      });
    // What the outside assessment saw rewritten: 'Pipe' inside other names and a role change.
    const about = await entry('Pipe', '');
    await entry('Piper Hansen', 'x7@c.no');
    await entry('Kari', 'Tilsynsvakt → Vaktmester');
    const before = (await AuditModel.find({ schoolId: a, _id: trusted({ $ne: about._id }) }).lean()).map((e) => JSON.stringify(e)).sort();

    for (const name of ['Pipe', 'Vaktmester', 'Tilsynsvakt']) expect((await c.adminA.delete(url(name))).status).toBe(200);
    await c.adminA.get(url('Piper Hansen'));
    expect((await c.adminA.post('/api/admin/students/downloads', {})).status).toBe(200);

    const after = await AuditModel.find({ schoolId: a }).lean();
    // Every entry that was there is there unchanged, but the one about 'Pipe'.
    const unchanged = after
      .filter((e) => !e._id.equals(about._id))
      .map((e) => JSON.stringify(e))
      .sort();
    expect(unchanged.filter((e) => before.includes(e))).toEqual(before);
    expect(after.find((e) => e._id.equals(about._id))?.targetName).toBe(ERASED_STUDENT);
    // Only new entries were added: the three erasures (one entry redacted by the first) and the download.
    const added = after.filter((e) => !before.includes(JSON.stringify(e)) && !e._id.equals(about._id)).map((e) => [e.action, e.detail]);
    expect(added).toEqual([
      ['student.erased', '0 sykelister, 0 reiser, 0 rapporter, 1 loggoppføring, 0 tidligere rapporttekster'],
      ['student.erased', '0 sykelister, 0 reiser, 0 rapporter, 0 loggoppføringer, 0 tidligere rapporttekster'],
      ['student.erased', '0 sykelister, 0 reiser, 0 rapporter, 0 loggoppføringer, 0 tidligere rapporttekster'],
      ['student.exported', ''],
    ]);
  });

  it('a lookup writes nothing to the trail; the download the client posts does', async () => {
    const count = () => AuditModel.countDocuments({ schoolId: fx.a.id, action: 'student.exported' });
    const before = await count();
    expect((await c.adminA.get(url(OLA))).status).toBe(200);
    expect(await count()).toBe(before);
    await expectAccess(c, (x) => x.post('/api/admin/students/downloads', {}), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    expect(await count()).toBe(before + 1);
  });
});

describe('earlier saved texts of a report (issue 44)', () => {
  it('are found by the lookup, and the erasure replaces the name in them; the current text and school B are left', async () => {
    const NAME = 'Siri Solberg';
    const saveAs = async (client: ApiClient, content: string, baseVersion: number) => {
      const day = (await client.get<{ date: string }>('/api/reports/my')).body.date;
      const res = await client.put('/api/reports/my', { date: day, content, baseVersion });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await saveAs(c.supervisorA, `${NAME} hadde feber kl. 22`, 0);
    await saveAs(c.supervisorA, 'En elev hadde feber kl. 22', 1);
    const supervisorB = await signedIn(server.baseUrl, fx.b.supervisor);
    await saveAs(supervisorB, `${NAME} på skole B`, 0);
    await saveAs(supervisorB, 'Rolig på skole B', 1);

    type Found = Data & { versionsMentioning: Array<{ version: number; content: string; authorName: string }> };
    const found = await c.adminA.get<Found>(url(NAME));
    expect(found.body.versionsMentioning.map((v) => [v.version, v.content, v.authorName])).toEqual([
      [1, `${NAME} hadde feber kl. 22`, fx.a.supervisor.name],
    ]);
    expect(found.body.reportsMentioning).toEqual([]);

    const erased = await c.adminA.delete<{ versions: number }>(url(NAME));
    expect(erased.status).toBe(200);
    expect(erased.body.versions).toBe(1);
    const textsA = (await ReportVersionModel.of(fx.a.id).find({}).lean()).map((v) => v.content);
    expect(textsA.filter((text) => text.includes(NAME))).toEqual([]);
    expect(textsA).toContain(`${ERASED_STUDENT} hadde feber kl. 22`);
    expect(textsA).toContain('En elev hadde feber kl. 22');
    const textsB = (await ReportVersionModel.of(fx.b.id).find({}).lean()).map((v) => v.content);
    expect(textsB).toContain(`${NAME} på skole B`);
    expect((await c.adminA.get<Found>(url(NAME))).body.versionsMentioning).toEqual([]);
  });
});
