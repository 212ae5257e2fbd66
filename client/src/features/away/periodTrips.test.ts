import { describe, expect, it } from 'vitest';
import type { Trip } from '#protocol';
import { formatPeriodNo, studentTripsInPeriod } from './periodTrips';

const trip = (id: string, fromDate: string, toDate: string, studentNames: string[], name?: string): Trip => ({
  id: id.repeat(24),
  schoolId: 'd'.repeat(24),
  fromDate,
  toDate,
  studentNames,
  classIds: [],
  updatedAt: '2026-11-25T10:00:00.000Z',
  version: 1,
  studentNamesJSON: JSON.stringify(studentNames),
  classIdsJSON: '[]',
  ...(name ? { name } : {}),
});

describe('the trips the individual-away card shows for Fra–Til', () => {
  const jonas = trip('a', '2026-11-27', '2026-11-30', ['Jonas'], 'Skitur Hemsedal');
  const sofie = trip('b', '2026-11-26', '2026-11-26', ['Sofie']);
  const classOnly = { ...trip('c', '2026-11-26', '2026-11-30', []), classIds: ['e'.repeat(24)] };
  const before = trip('d', '2026-11-20', '2026-11-25', ['Gammel']);
  const after = trip('f', '2026-12-01', '2026-12-03', ['Senere']);
  const all = [jonas, classOnly, before, after, sofie];

  it('keeps Jonas (27–30) when Fra moves to the 26th: every trip with students under way on any day of the period', () => {
    expect(studentTripsInPeriod(all, { fromDate: '2026-11-26', toDate: '2026-11-26' }).map((t) => t.studentNames)).toEqual([['Sofie']]);
    expect(studentTripsInPeriod(all, { fromDate: '2026-11-26', toDate: '2026-11-30' }).map((t) => t.studentNames)).toEqual([
      ['Sofie'],
      ['Jonas'],
    ]);
    expect(studentTripsInPeriod(all, { fromDate: '2026-11-25', toDate: '2026-12-01' })).toEqual([before, sofie, jonas, after]);
  });

  it('says a period once, shortest where month or year are shared', () => {
    expect(formatPeriodNo('2026-11-27', '2026-11-30')).toBe('27.–30. november 2026');
    expect(formatPeriodNo('2026-11-30', '2026-12-02')).toBe('30. november – 2. desember 2026');
    expect(formatPeriodNo('2026-12-30', '2027-01-02')).toBe('30. desember 2026 – 2. januar 2027');
    expect(formatPeriodNo('2026-11-27', '2026-11-27')).toBe('27. november 2026');
  });
});
