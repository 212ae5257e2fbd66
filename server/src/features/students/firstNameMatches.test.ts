import { Types } from 'mongoose';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import { downloadExport } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { useSeededServer } from '../../../test/useTestServer';
import { ReportModel } from '../reports/model';
import { SickRecord } from '../sick/model';
import { firstNameOf, namesFirstName } from './firstNameMatches';

/**
 * Elevopplysninger by first name (issue 45): reports that name 'Ola' alone are offered as possible
 * matches for Ola Nordmann, apart from the certain ones; the PDF for a parent holds the chosen
 * ones only; the erasure leaves them and says where they are. Over HTTP, on the real database.
 */
let fx: Fixture;
let c: Callers;
useSeededServer((started) => ({ fx, c } = started));

const OLA = 'Ola Nordmann';
const url = (name: string, tail = '') => `/api/admin/students/${encodeURIComponent(name)}${tail}`;
type Possible = { id: string; date: string; authorName: string; content: string };
type Data = {
  firstName: string | null;
  othersWithFirstName: number;
  possibleReports: Possible[];
  reportsMentioning: Array<{ date: string }>;
};

const ids: Record<string, string> = {};
async function report(schoolId: string, date: string, content: string): Promise<string> {
  const created = await ReportModel.of(schoolId).create({
    schoolId,
    authorUserId: new Types.ObjectId(schoolId === fx.a.id ? fx.a.supervisor.id : fx.b.supervisor.id),
    authorName: 'Kari Vakt',
    date,
    content,
    awayStudents: [],
  });
  return created._id.toHexString();
}

beforeAll(async () => {
  const a = fx.a.id;
  ids.sickTea = await report(a, '2026-10-05', 'Ola (syk) fikk te før leggetid.');
  ids.lower = await report(a, '2026-10-06', 'Rolig kveld. ola og Per spilte kort.');
  ids.full = await report(a, '2026-10-07', 'Ola Nordmann var urolig.');
  ids.olav = await report(a, '2026-10-08', 'Olav var ute til 23.');
  ids.perOla = await report(a, '2026-10-09', 'Per-Ola hadde vondt i magen.');
  ids.otherSchool = await report(fx.b.id, '2026-10-05', 'Ola var syk.');
  // Another Ola the school knows: the first name is shared.
  await SickRecord.of(a).create({
    schoolId: a,
    date: '2026-10-10',
    students: [
      { name: 'Ola Hansen', comment: '' },
      { name: OLA, comment: '' },
    ],
  });
});

describe('the rule', () => {
  it('takes the first word of a name of two words or more, and finds it as a whole word in any case', () => {
    expect(firstNameOf('Ola Nordmann')).toBe('Ola');
    expect(firstNameOf('  Anne Marie Berg ')).toBe('Anne');
    expect(firstNameOf('Ola')).toBeNull();
    expect(namesFirstName('OLA var syk', 'Ola')).toBe(true);
    expect(namesFirstName('ga te til ola.', 'Ola')).toBe(true);
    expect(namesFirstName('Olav var syk', 'Ola')).toBe(false);
    expect(namesFirstName('Per-Ola var syk', 'Ola')).toBe(false);
    expect(namesFirstName('Åse og Ola', 'åse')).toBe(true);
    expect(namesFirstName('Kåse', 'åse')).toBe(false);
  });
});

describe('the lookup', () => {
  it('offers the reports naming the first name alone as possible matches, apart from the certain ones, and says the first name is shared', async () => {
    const res = await c.adminA.get<Data>(url(OLA));
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Ola');
    expect(res.body.othersWithFirstName).toBe(1);
    expect(res.body.possibleReports.map((r) => r.id)).toEqual([ids.sickTea, ids.lower]);
    expect(res.body.possibleReports[0]).toEqual({
      id: ids.sickTea,
      date: '2026-10-05',
      authorName: 'Kari Vakt',
      content: 'Ola (syk) fikk te før leggetid.',
    });
    expect(res.body.reportsMentioning.map((r) => r.date)).toEqual(['2026-10-07']);
  });

  it('offers none for a name of one word (the full-name search is that search)', async () => {
    const res = await c.adminA.get<Data>(url('Ola'));
    expect(res.body).toMatchObject({ firstName: null, othersWithFirstName: 0, possibleReports: [] });
  });

  it('at another school finds that school’s reports only', async () => {
    const res = await c.adminB.get<Data>(url(OLA));
    expect(res.body.possibleReports.map((r) => r.id)).toEqual([ids.otherSchool]);
    const platform = await c.platform.get<Data>(`${url(OLA)}?schoolId=${fx.a.id}`);
    expect(platform.body.possibleReports.map((r) => r.id)).toEqual([ids.sickTea, ids.lower]);
  });
});

describe('the PDF for a parent', () => {
  const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

  it('is for the school’s Admin and the Plattformadministrator on a chosen school', async () => {
    await expectAccess(c, (x) => x.get(url(OLA, '/pdf')), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    expect((await downloadExport(c.platform, `${url(OLA, '/pdf')}?schoolId=${fx.a.id}`)).status).toBe(200);
  });

  it('holds what is stored, and of the possible matches only those chosen', async () => {
    const res = await downloadExport(c.adminA, `${url(OLA, '/pdf')}?reportIds=${ids.sickTea}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Elevopplysninger Ola Nordmann \d{4}-\d{2}-\d{2}\.pdf"/);
    const text = (await pdfText(res.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Opplysninger om Ola Nordmann');
    expect(text).toContain(fx.a.name);
    expect(text).toContain('Ola Nordmann var urolig.');
    expect(text).toContain('Daglige rapporter der bare fornavnet Ola står (1)');
    expect(text).toContain('Ola (syk) fikk te før leggetid.');
    expect(text).not.toContain('spilte kort');
    expect(text).not.toContain('Olav');

    const none = (await pdfText((await downloadExport(c.adminA, url(OLA, '/pdf'))).bytes)).replace(/\s+/g, ' ');
    expect(none).not.toContain('fikk te');
    expect(none).not.toContain('bare fornavnet');
  });

  it('takes no report that is not a possible match of this name: bad ids, the certain one, another school’s are refused in Norwegian', async () => {
    for (const reportIds of ['ikke-en-id', ids.full, ids.olav, ids.otherSchool, `${ids.sickTea},${ids.perOla}`]) {
      const res = await c.adminA.get<{ message: string }>(`${url(OLA, '/pdf')}?reportIds=${reportIds}`);
      expect(res.status, reportIds).toBe(400);
      expect(res.body.message, reportIds).toMatch(
        reportIds === 'ikke-en-id' ? /^Feltet «rapporter/ : /^Bare rapporter som er funnet på fornavnet/,
      );
    }
    const bad = await c.adminA.get<{ message: string }>(url('...', '/pdf'));
    expect(bad.status).toBe(400);
  });
});

describe('the erasure', () => {
  it('leaves the possible matches as they are and names their dates', async () => {
    const res = await c.adminA.delete<{ reportsMentioning: string[]; reportsPossiblyMentioning: string[] }>(url(OLA));
    expect(res.status).toBe(200);
    expect(res.body.reportsMentioning).toEqual(['2026-10-07']);
    expect(res.body.reportsPossiblyMentioning).toEqual(['2026-10-05', '2026-10-06']);
    const kept = await ReportModel.of(fx.a.id).findById(ids.sickTea).lean();
    expect(kept?.content).toBe('Ola (syk) fikk te før leggetid.');
  });
});
