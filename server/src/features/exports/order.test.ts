import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { formatDayNo } from '#protocol/time';
import { makeUser, type Callers } from '../../../test/callers';
import { downloadExport, parseCsv } from '../../../test/exportFiles';
import type { Fixture } from '../../../test/fixtures';
import { ReportModel } from '../reports/model';

let fx: Fixture;
let c: Callers;

// Names whose order by bytes (as the database sorts) differs from the Norwegian one: Å < Æ < Ø by
// bytes, Æ < Ø < Å in Norwegian, 'Aa' counted as 'Å', and lower case before upper by bytes.
const NAMES = ['Åse', 'Ærlige Per', 'Øystein', 'Aasen', 'Zara', 'ola', 'Kari', 'Kari'];
const DAYS = ['2026-03-10', '2026-03-09', '2026-03-11'];

useSeededServer((s) => ({ fx, c } = s));
beforeAll(async () => {
  const authors = await Promise.all(NAMES.map(() => makeUser(fx.a.id, 'Tilsynsvakt')));
  // Written newest day first and by name backwards, so no order comes from how they were stored.
  const reports = DAYS.flatMap((date) =>
    authors
      .map((author, i) => ({ schoolId: fx.a.id, authorUserId: author.id, authorName: NAMES[i]!, date, content: `${NAMES[i]} ${date}` }))
      .reverse(),
  );
  await ReportModel.of(fx.a.id).create(reports.filter((r) => !(r.date === '2026-03-11' && r.authorName === 'Zara')));
});

type PageReport = { date: string; authorName: string; content: string };

describe('one Norwegian order for the reports (issue 31)', () => {
  it('the CSV export lists the reports in exactly the year page’s order: by day, then the author in Norwegian order', async () => {
    const range = 'from=2026-03-09&to=2026-03-11';
    const page = await c.adminA.get<PageReport[]>(`/api/admin/reports/year?${range}`);
    expect(page.status).toBe(200);
    const csv = await downloadExport(c.adminA, `/api/reports/export.csv?${range}`);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.bytes.toString('utf8')).slice(1);

    // Each report once, with its own text: the two orders are of the same reports.
    expect(rows.map((r) => r[5])).toEqual(page.body.map((r) => r.content));
    expect(rows.map((r) => [r[0], r[1]])).toEqual(page.body.map((r) => [formatDayNo(r.date), r.authorName]));
    expect(page.body.filter((r) => r.date === '2026-03-09').map((r) => r.authorName)).toEqual([
      'Kari',
      'Kari',
      'ola',
      'Zara',
      'Ærlige Per',
      'Øystein',
      'Åse',
      'Aasen',
    ]);
    expect(page.body.map((r) => r.date)).toEqual([
      ...Array(8).fill('2026-03-09'),
      ...Array(8).fill('2026-03-10'),
      ...Array(7).fill('2026-03-11'),
    ]);
  });

  it('one author’s export keeps the order too', async () => {
    const kari = (await ReportModel.of(fx.a.id).findOne({ schoolId: fx.a.id, authorName: 'Kari' }).lean())!;
    const csv = await downloadExport(
      c.adminA,
      `/api/reports/export.csv?from=2026-03-09&to=2026-03-11&userId=${kari.authorUserId.toHexString()}`,
    );
    const rows = parseCsv(csv.bytes.toString('utf8')).slice(1);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['9. mars 2026', 'Kari'],
      ['10. mars 2026', 'Kari'],
      ['11. mars 2026', 'Kari'],
    ]);
  });
});
