import { describe, expect, it } from 'vitest';
import { REPORT_RANGE_TEXTS } from '#protocol';
import { daysIn, exportRangeError, INVALID_DAYS, wholeYear } from './exportRange';

describe('the export range', () => {
  it('a whole year, leap or not, is one range the server takes', () => {
    expect(wholeYear(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(daysIn(wholeYear(2026))).toBe(365);
    expect(daysIn(wholeYear(2028))).toBe(366);
    expect(exportRangeError(wholeYear(2028))).toBeNull();
    expect(exportRangeError({ from: '2026-03-09', to: '2026-03-09' })).toBeNull();
  });

  it('says what is wrong in the server’s words', () => {
    expect(exportRangeError({ from: '2026-03-10', to: '2026-03-09' })).toBe(REPORT_RANGE_TEXTS.order);
    expect(exportRangeError({ from: '2026-01-01', to: '2027-02-05' })).toBe(REPORT_RANGE_TEXTS.tooLong);
    // 400 days is the most: 2026-01-01 to 2027-02-04.
    expect(exportRangeError({ from: '2026-01-01', to: '2027-02-04' })).toBeNull();
    expect(exportRangeError({ from: '', to: '2026-03-09' })).toBe(INVALID_DAYS);
    expect(exportRangeError({ from: '2026-02-30', to: '2026-03-09' })).toBe(INVALID_DAYS);
  });
});
