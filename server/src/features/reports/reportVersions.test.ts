import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_VERSION_TEXTS, type ReportVersion, type ReportVersions } from '#protocol/reportVersions';
import { REPORT_TEXTS } from '#protocol/reports';
import { SUPERVISOR_ROLE } from '#protocol/roles';
import { expectAccess, makeUser, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { signedIn } from '../../../test/sessions';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { countEverywhere, deleteEverywhere } from '../../../test/everySchool';
import { useSeededServer } from '../../../test/useTestServer';
import { ReportModel } from './model';
import { ReportVersionModel } from './versionModel';

const clock = new TestClock();
let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started), {}, { clock });
beforeEach(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  await deleteEverywhere(ReportModel);
  await deleteEverywhere(ReportVersionModel);
});

const DAY = '2026-11-21';
type Saved = { id: string; version: number; content: string };

/** Three saves of Kari's report: the phone's, the PC's (a parent's call), then the phone's 'Behold min'. */
async function threeVersions(): Promise<string> {
  const first = await c.supervisorA.put<Saved>('/api/reports/my', { date: DAY, content: 'Rolig kveld.', baseVersion: 0 });
  clock.setOslo(DAY, 21, 1);
  await c.supervisorA.put<Saved>('/api/reports/my', { date: DAY, content: 'Rolig kveld.\nMor til Ola ringte 22:05.', baseVersion: 1 });
  clock.setOslo(DAY, 21, 2);
  // The spec's body names no version: applied over the PC's text, which stays readable.
  const third = await c.supervisorA.put<Saved>('/api/reports/my', { date: DAY, content: 'Rolig kveld, alle i seng 23.' });
  expect(third.body.version).toBe(3);
  return first.body.id;
}

describe('GET /api/reports/{id}/versions', () => {
  it('lists every saved text, newest first, with who saved it, when and on which device', async () => {
    const id = await threeVersions();
    const list = await c.supervisorA.get<ReportVersions>(`/api/reports/${id}/versions`);
    expect(list.status).toBe(200);
    expect(list.body.reportId).toBe(id);
    expect(list.body.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    const [third, second, first] = list.body.versions;
    expect(second).toMatchObject({ savedByName: fx.a.supervisor.name, length: 'Rolig kveld.\nMor til Ola ringte 22:05.'.length });
    expect(second!.device.length).toBeGreaterThan(0);
    expect(Date.parse(third!.savedAt) - Date.parse(second!.savedAt)).toBe(60_000);
    expect(first!.savedAt < second!.savedAt).toBe(true);
    // The list carries no text: each is read on its own.
    expect(second).not.toHaveProperty('content');
  });

  it('is for the report’s writer and the school’s administrators only', async () => {
    const id = await threeVersions();
    await expectAccess(c, (x) => x.get(`/api/reports/${id}/versions`), {
      anonymous: 401,
      pendingA: 403,
      deactivatedA: 403,
      caretakerA: 403,
      adminB: 404,
      platform: 400,
      adminA: 200,
      supervisorA: 200,
    });
    expect((await c.platform.get(`/api/reports/${id}/versions?schoolId=${fx.a.id}`)).status).toBe(200);
    expect((await c.platform.get(`/api/reports/${id}/versions?schoolId=${fx.b.id}`)).status).toBe(404);
    // Another supervisor of the same school reads the report, not what its writer replaced.
    const colleague = await signedIn(server.baseUrl, await makeUser(fx.a.id, SUPERVISOR_ROLE));
    expect((await colleague.get(`/api/reports/${id}`)).status).toBe(200);
    const refused = await colleague.get(`/api/reports/${id}/versions`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: REPORT_VERSION_TEXTS.notYours });
  });

  it('refuses a malformed id, and says when the report is not there', async () => {
    expect((await c.adminA.get('/api/reports/ikke-en-id/versions')).status).toBe(400);
    const missing = await c.adminA.get('/api/reports/6b01424963c4538f9ee20a5a/versions');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: REPORT_TEXTS.notFound });
  });
});

describe('GET /api/reports/{id}/versions/{version}', () => {
  it('reads a replaced text back, for its writer and the school’s administrators', async () => {
    const id = await threeVersions();
    const read = await c.supervisorA.get<ReportVersion>(`/api/reports/${id}/versions/2`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ reportId: id, version: 2, content: 'Rolig kveld.\nMor til Ola ringte 22:05.' });
    await expectAccess(c, (x) => x.get(`/api/reports/${id}/versions/1`), {
      anonymous: 401,
      caretakerA: 403,
      adminB: 404,
      platform: 400,
      adminA: 200,
    });
    expect((await c.platform.get<ReportVersion>(`/api/reports/${id}/versions/1?schoolId=${fx.a.id}`)).body.content).toBe('Rolig kveld.');
  });

  it('refuses a version that is no number, and says when it is not there', async () => {
    const id = await threeVersions();
    for (const bad of ['0', '-1', '1.5', 'tre']) {
      const res = await c.adminA.get<{ message: string }>(`/api/reports/${id}/versions/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/versjon/i);
    }
    const missing = await c.adminA.get(`/api/reports/${id}/versions/9`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: REPORT_VERSION_TEXTS.notFound });
  });
});

describe('versions as saves make them', () => {
  it('keeps an administrator’s correction as a version of its own, and a save that changed nothing once', async () => {
    const id = await threeVersions();
    // The same text again is answered with the version it is: nothing new kept.
    await c.supervisorA.put('/api/reports/my', { date: DAY, content: 'Rolig kveld, alle i seng 23.', baseVersion: 2 });
    await c.adminA.put(`/api/reports/${id}`, { content: 'Rettet av kontoret', baseVersion: 3 });
    const list = await c.adminA.get<ReportVersions>(`/api/reports/${id}/versions`);
    expect(list.body.versions.map((v) => [v.version, v.savedByName])).toEqual([
      [4, fx.a.admin.name],
      [3, fx.a.supervisor.name],
      [2, fx.a.supervisor.name],
      [1, fx.a.supervisor.name],
    ]);
  });

  it('keeps no version for a round ticked: the text did not change', async () => {
    const id = await threeVersions();
    await c.supervisorA.put(`/api/reports/my/tasks/1`, { date: DAY, done: true });
    expect((await c.supervisorA.get<ReportVersions>(`/api/reports/${id}/versions`)).body.versions).toHaveLength(3);
  });

  it('go with their report when an administrator deletes it', async () => {
    const id = await threeVersions();
    expect(await countEverywhere(ReportVersionModel)).toBe(3);
    expect((await c.adminA.delete(`/api/reports/${id}`)).status).toBe(200);
    expect(await countEverywhere(ReportVersionModel)).toBe(0);
    expect((await c.adminA.get(`/api/reports/${id}/versions`)).status).toBe(404);
  });
});
