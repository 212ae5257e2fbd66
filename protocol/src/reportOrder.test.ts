import { describe, expect, it } from 'vitest';
import { compareReportsByDay, compareReportsNewestDayFirst, type ReportOrderKey } from './reportOrder';

const report = (date: string, authorName: string, authorUserId = authorName.padEnd(24, '0')): ReportOrderKey => ({
  date,
  authorName,
  authorUserId,
});
const shown = (reports: ReportOrderKey[]) => reports.map((r) => `${r.date} ${r.authorName}`);

const MIXED = [
  report('2026-03-10', 'Åse'),
  report('2026-03-09', 'Zara'),
  report('2026-03-10', 'Ærlige Per'),
  report('2026-03-09', 'Aasen'),
  report('2026-03-10', 'ola'),
  report('2026-03-09', 'Øystein'),
  report('2026-03-10', 'Anne'),
  report('2026-03-09', 'Åse'),
];

describe('compareReportsByDay', () => {
  it('the oldest day first, then the author in Norwegian order: Z, Æ, Ø, Å, and Aa as Å', () => {
    expect(shown([...MIXED].sort(compareReportsByDay))).toEqual([
      '2026-03-09 Zara',
      '2026-03-09 Øystein',
      '2026-03-09 Åse',
      '2026-03-09 Aasen',
      '2026-03-10 Anne',
      '2026-03-10 ola',
      '2026-03-10 Ærlige Per',
      '2026-03-10 Åse',
    ]);
  });

  it('two authors of one name keep one order, by user id, whichever comes first', () => {
    const first = report('2026-03-09', 'Kari', 'aaaaaaaaaaaaaaaaaaaaaaaa');
    const second = report('2026-03-09', 'Kari', 'bbbbbbbbbbbbbbbbbbbbbbbb');
    expect([second, first].sort(compareReportsByDay)).toEqual([first, second]);
    expect([first, second].sort(compareReportsByDay)).toEqual([first, second]);
    expect(compareReportsByDay(first, { ...first })).toBe(0);
  });

  it('newest day first keeps the authors of a day in the same order', () => {
    expect(shown([...MIXED].sort(compareReportsNewestDayFirst))).toEqual([
      '2026-03-10 Anne',
      '2026-03-10 ola',
      '2026-03-10 Ærlige Per',
      '2026-03-10 Åse',
      '2026-03-09 Zara',
      '2026-03-09 Øystein',
      '2026-03-09 Åse',
      '2026-03-09 Aasen',
    ]);
  });
});
