import { describe, expect, it } from 'vitest';
import { addDays } from '#protocol/time';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { AuditModel } from '../audit/model';
import { School } from '../../core/accounts/schoolModel';
import { SickRecord } from './model';
import { expireHealthData } from './retention';
import { useSeededServer } from '../../../test/useTestServer';

let fx: Fixture;
let c: Callers;
useSeededServer((started) => ({ fx, c } = started));

type Entry = { action: string; actorName: string; actorRole: string; targetName: string; detail: string };
type SchoolBody = { id: string; healthDataRetentionMonths: number };
const NOW = new Date('2026-11-24T12:00:00Z');
const sickList = (schoolId: string, date: string) =>
  SickRecord.of(schoolId).create({ schoolId, date, students: [{ name: 'Ola Hemmelig', comment: 'Feber og hoste' }] });
const datesOf = async (schoolId: string) => (await SickRecord.of(schoolId).find({}, { date: 1 }).lean()).map((list) => list.date).sort();

describe('the retention period of health data', () => {
  it('is set per school by the Plattformadministrator only, 1 to 120 whole months, and logged', async () => {
    const url = `/api/plattformadministrator/schools/${fx.b.id}/retention`;
    await expectAccess(c, (x) => x.put(url, { months: 6 }), refusedExcept({ platform: 200 }));
    for (const months of [0, 121, 1.5, '3', null]) {
      const res = await c.platform.put<{ message: string; code: string }>(url, { months });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Lagringstiden må være et helt antall måneder fra 1 til 120');
    }
    expect((await School.findById(fx.b.id).lean())?.healthDataRetentionMonths).toBe(6);
    expect((await c.platform.put(`/api/plattformadministrator/schools/${'f'.repeat(24)}/retention`, { months: 3 })).status).toBe(404);

    const res = await c.platform.put<SchoolBody>(url, { months: 1 });
    expect(res.status).toBe(200);
    expect(res.body.healthDataRetentionMonths).toBe(1);
    const schools = (await c.platform.get<SchoolBody[]>('/api/plattformadministrator/schools')).body;
    expect(schools.find((school) => school.id === fx.a.id)?.healthDataRetentionMonths).toBe(12);
    const logB = (await c.adminB.get<Entry[]>('/api/admin/audit')).body;
    expect(logB[0]).toMatchObject({ action: 'school.retentionChanged', detail: '6 → 1 måneder' });
  });

  it('sick lists older than it are deleted, each school by its own period; the trail says how many, never whose', async () => {
    // School A keeps 12 months (the default), school B one month (set above).
    await sickList(fx.a.id, '2025-11-23');
    await sickList(fx.a.id, '2025-11-24');
    await sickList(fx.a.id, '2026-06-01');
    await sickList(fx.b.id, '2026-10-23');
    await sickList(fx.b.id, '2026-10-24');
    await sickList(fx.b.id, addDays('2026-11-24', -1));

    expect(await expireHealthData(NOW)).toBe(2);
    expect(await datesOf(fx.a.id)).toEqual(['2025-11-24', '2026-06-01']);
    expect(await datesOf(fx.b.id)).toEqual(['2026-10-24', '2026-11-23']);

    const logA = (await c.adminA.get<Entry[]>('/api/admin/audit')).body;
    expect(logA[0]).toMatchObject({
      action: 'sick.expired',
      actorName: 'Tilsynsvakt (automatisk)',
      actorRole: 'System',
      detail: '1 sykeliste fra før 24. november 2025 (lagringstid 12 måneder)',
    });
    const everything = JSON.stringify(await AuditModel.find({ action: 'sick.expired' }).lean());
    expect(everything).not.toContain('Ola Hemmelig');
    expect(everything).not.toContain('Feber');

    // The next run finds nothing more and logs nothing more.
    expect(await expireHealthData(NOW)).toBe(0);
    expect(await AuditModel.countDocuments({ action: 'sick.expired' })).toBe(2);
  });
});
