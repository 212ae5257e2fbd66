import { describe, it, expect } from 'vitest';
import { formatInTimeZone } from 'date-fns-tz';
import {
  DAY_PATTERN,
  OSLO_TIME_ZONE,
  addDays,
  addMonths,
  compareDays,
  formatDayNo,
  formatLongDayNo,
  formatTimestampNo,
  isReportDayLocked,
  isResetWindow,
  isValidDay,
  isoWeekOf,
  isoWeekRange,
  isoWeeksInYear,
  nextBoundary,
  nextReportDayRollover,
  osloDay,
  osloInstant,
  osloTimeOfDay,
  reportDay,
} from './time';

const at = (iso: string) => new Date(iso);

describe('constants', () => {
  it('uses Europe/Oslo and the day pattern', () => {
    expect(OSLO_TIME_ZONE).toBe('Europe/Oslo');
    expect(DAY_PATTERN.test('2026-11-21')).toBe(true);
    expect(DAY_PATTERN.test('2026-1-21')).toBe(false);
  });
});

describe('Oslo wall clock, kept per UTC hour', () => {
  // One formatter for the whole walk: date-fns-tz's formatInTimeZone (the same Intl underneath)
  // builds its parts anew on every call, and took over 5 s for the 300,000 instants below on a
  // loaded CI machine. en-CA writes 'yyyy-MM-dd, HH:mm'.
  const osloClock = new Intl.DateTimeFormat('en-CA', {
    timeZone: OSLO_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const byIntl = (instant: Date) => osloClock.format(instant).replace(', ', ' ');
  const byUs = (instant: Date) => {
    const { hour, minute } = osloTimeOfDay(instant);
    return `${osloDay(instant)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  };

  it('reads the reference clock as date-fns-tz does', () => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-03-29T01:00:00Z', '2026-07-01T22:05:00Z', '2026-10-25T00:59:00Z']) {
      expect(byIntl(at(iso))).toBe(formatInTimeZone(at(iso), OSLO_TIME_ZONE, 'yyyy-MM-dd HH:mm'));
    }
  });

  // 300,000 instants: given room on a CI machine whose two cores run every test project at once.
  it('agrees with Intl every 7 minutes through two years with four clock changes, asked twice', { timeout: 30_000 }, () => {
    const from = at('2026-01-01T00:00:00Z').getTime();
    const to = at('2028-01-01T00:00:00Z').getTime();
    const mismatches: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (let ms = from; ms < to; ms += 7 * 60_000) {
        const instant = new Date(ms);
        if (byUs(instant) !== byIntl(instant)) mismatches.push(instant.toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with Intl on each side of a switch, to the second', () => {
    for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-25T00:59:59Z', '2026-10-25T01:00:00Z']) {
      expect(byUs(at(iso))).toBe(byIntl(at(iso)));
    }
  });

  it('handles an hour in which the offset changes off the hour (local mean time, 1895)', () => {
    for (let minute = 0; minute < 60; minute += 1) {
      const instant = new Date(Date.UTC(1894, 11, 31, 23, minute));
      expect(byUs(instant)).toBe(byIntl(instant));
    }
  });

  it('rejects an invalid instant', () => {
    expect(() => osloDay(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => osloTimeOfDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isValidDay', () => {
  it('accepts real calendar dates', () => {
    expect(isValidDay('2026-11-21')).toBe(true);
    expect(isValidDay('2024-02-29')).toBe(true);
    expect(isValidDay('2026-12-31')).toBe(true);
  });

  it('rejects impossible dates and bad formats', () => {
    expect(isValidDay('2026-02-30')).toBe(false);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2026-13-01')).toBe(false);
    expect(isValidDay('2026-00-10')).toBe(false);
    expect(isValidDay('2026-04-31')).toBe(false);
    expect(isValidDay('2026-4-1')).toBe(false);
    expect(isValidDay('2026-11-21T00:00')).toBe(false);
    expect(isValidDay('')).toBe(false);
  });
});

describe('osloDay / osloTimeOfDay', () => {
  it('converts UTC instants to Oslo wall time in winter and summer', () => {
    expect(osloDay(at('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(osloTimeOfDay(at('2026-01-15T23:30:00Z'))).toEqual({ hour: 0, minute: 30 });
    expect(osloDay(at('2026-07-01T22:15:00Z'))).toBe('2026-07-02');
    expect(osloTimeOfDay(at('2026-07-01T22:15:00Z'))).toEqual({ hour: 0, minute: 15 });
  });
});

describe('reportDay', () => {
  it('is the previous day before 09:00 and today from 09:00 (winter)', () => {
    expect(reportDay(at('2026-11-21T07:59:00Z'))).toBe('2026-11-20'); // 08:59
    expect(reportDay(at('2026-11-21T08:00:00Z'))).toBe('2026-11-21'); // 09:00
    expect(reportDay(at('2026-11-20T23:30:00Z'))).toBe('2026-11-20'); // 00:30 on the 21st
    expect(reportDay(at('2026-11-21T22:59:00Z'))).toBe('2026-11-21'); // 23:59
  });

  it('is the previous day before 09:00 and today from 09:00 (summer)', () => {
    expect(reportDay(at('2026-06-10T06:59:00Z'))).toBe('2026-06-09'); // 08:59
    expect(reportDay(at('2026-06-10T07:00:00Z'))).toBe('2026-06-10'); // 09:00
    expect(reportDay(at('2026-06-09T22:30:00Z'))).toBe('2026-06-09'); // 00:30 on the 10th
  });

  it('rolls back across month and year boundaries', () => {
    expect(reportDay(at('2027-01-01T07:00:00Z'))).toBe('2026-12-31'); // 08:00 on 1 Jan
    expect(reportDay(at('2026-03-01T07:00:00Z'))).toBe('2026-02-28');
  });
});

describe('isResetWindow', () => {
  it('covers 08:30 <= t < 09:00 Oslo time', () => {
    expect(isResetWindow(at('2026-11-21T07:29:00Z'))).toBe(false); // 08:29
    expect(isResetWindow(at('2026-11-21T07:30:00Z'))).toBe(true); // 08:30
    expect(isResetWindow(at('2026-11-21T07:59:00Z'))).toBe(true); // 08:59
    expect(isResetWindow(at('2026-11-21T08:00:00Z'))).toBe(false); // 09:00
  });

  it('uses CEST offsets in summer', () => {
    expect(isResetWindow(at('2026-06-10T06:29:00Z'))).toBe(false); // 08:29
    expect(isResetWindow(at('2026-06-10T06:30:00Z'))).toBe(true); // 08:30
    expect(isResetWindow(at('2026-06-10T07:00:00Z'))).toBe(false); // 09:00
  });
});

describe('DST Sunday 29 March 2026 (02:00 -> 03:00 CEST)', () => {
  it('report day and reset window use the new UTC+2 offset', () => {
    expect(reportDay(at('2026-03-29T06:59:00Z'))).toBe('2026-03-28'); // 08:59 CEST
    expect(reportDay(at('2026-03-29T07:00:00Z'))).toBe('2026-03-29'); // 09:00 CEST
    expect(reportDay(at('2026-03-29T07:30:00Z'))).toBe('2026-03-29'); // would be 08:30 in CET
    expect(isResetWindow(at('2026-03-29T06:29:00Z'))).toBe(false); // 08:29
    expect(isResetWindow(at('2026-03-29T06:30:00Z'))).toBe(true); // 08:30
    expect(isResetWindow(at('2026-03-29T06:59:00Z'))).toBe(true); // 08:59
    expect(isResetWindow(at('2026-03-29T07:00:00Z'))).toBe(false); // 09:00
    expect(isResetWindow(at('2026-03-29T07:30:00Z'))).toBe(false); // 09:30
  });

  it('osloInstant resolves wall times on both sides of the switch', () => {
    expect(osloInstant('2026-03-28', 9, 0).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(osloInstant('2026-03-29', 1, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(osloInstant('2026-03-29', 8, 30).toISOString()).toBe('2026-03-29T06:30:00.000Z');
    expect(osloInstant('2026-03-29', 9, 0).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('next rollover is 23 hours after the previous one', () => {
    const rollover = nextReportDayRollover(at('2026-03-28T08:00:00Z'));
    expect(rollover.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(rollover.getTime() - at('2026-03-28T08:00:00Z').getTime()).toBe(23 * 3600 * 1000);
    expect(nextReportDayRollover(at('2026-03-29T01:30:00Z')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('next boundary hits 08:30 and 09:00 CEST', () => {
    expect(nextBoundary(at('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T06:30:00.000Z');
    expect(nextBoundary(at('2026-03-29T06:30:00Z')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(nextBoundary(at('2026-03-29T07:00:00Z')).toISOString()).toBe('2026-03-30T06:30:00.000Z');
  });
});

describe('DST Sunday 25 October 2026 (03:00 -> 02:00 CET)', () => {
  it('report day and reset window use the new UTC+1 offset', () => {
    expect(reportDay(at('2026-10-25T07:59:00Z'))).toBe('2026-10-24'); // 08:59 CET
    expect(reportDay(at('2026-10-25T08:00:00Z'))).toBe('2026-10-25'); // 09:00 CET
    expect(reportDay(at('2026-10-25T07:00:00Z'))).toBe('2026-10-24'); // 08:00 CET (09:00 in CEST)
    expect(isResetWindow(at('2026-10-25T07:29:00Z'))).toBe(false); // 08:29
    expect(isResetWindow(at('2026-10-25T07:30:00Z'))).toBe(true); // 08:30
    expect(isResetWindow(at('2026-10-25T07:59:00Z'))).toBe(true); // 08:59
    expect(isResetWindow(at('2026-10-25T08:00:00Z'))).toBe(false); // 09:00
    expect(isResetWindow(at('2026-10-25T06:30:00Z'))).toBe(false); // 07:30
  });

  it('the repeated hour 02:00-03:00 stays on the previous report day', () => {
    expect(osloTimeOfDay(at('2026-10-25T00:30:00Z'))).toEqual({ hour: 2, minute: 30 }); // CEST
    expect(osloTimeOfDay(at('2026-10-25T01:30:00Z'))).toEqual({ hour: 2, minute: 30 }); // CET
    expect(reportDay(at('2026-10-25T00:30:00Z'))).toBe('2026-10-24');
    expect(reportDay(at('2026-10-25T01:30:00Z'))).toBe('2026-10-24');
  });

  it('osloInstant resolves wall times on both sides of the switch', () => {
    expect(osloInstant('2026-10-24', 9, 0).toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(osloInstant('2026-10-25', 8, 30).toISOString()).toBe('2026-10-25T07:30:00.000Z');
    expect(osloInstant('2026-10-25', 9, 0).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('next rollover is 25 hours after the previous one', () => {
    const rollover = nextReportDayRollover(at('2026-10-24T07:00:00Z'));
    expect(rollover.toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(rollover.getTime() - at('2026-10-24T07:00:00Z').getTime()).toBe(25 * 3600 * 1000);
    expect(nextReportDayRollover(at('2026-10-25T07:59:59Z')).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('next boundary hits 08:30 and 09:00 CET', () => {
    expect(nextBoundary(at('2026-10-25T01:30:00Z')).toISOString()).toBe('2026-10-25T07:30:00.000Z');
    expect(nextBoundary(at('2026-10-25T07:45:00Z')).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });
});

describe('nextReportDayRollover / nextBoundary (ordinary days)', () => {
  it('returns 09:00 today before 09:00, tomorrow from 09:00', () => {
    expect(nextReportDayRollover(at('2026-11-21T07:59:00Z')).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(nextReportDayRollover(at('2026-11-21T08:00:00Z')).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(nextReportDayRollover(at('2026-11-20T23:30:00Z')).toISOString()).toBe('2026-11-21T08:00:00.000Z');
  });

  it('the rollover is where reportDay changes', () => {
    const now = at('2026-11-21T12:00:00Z');
    const rollover = nextReportDayRollover(now);
    expect(reportDay(new Date(rollover.getTime() - 1))).toBe('2026-11-21');
    expect(reportDay(rollover)).toBe('2026-11-22');
  });

  it('returns the next 08:30 or 09:00 strictly after the instant', () => {
    expect(nextBoundary(at('2026-11-21T07:00:00Z')).toISOString()).toBe('2026-11-21T07:30:00.000Z'); // 08:00
    expect(nextBoundary(at('2026-11-21T07:30:00Z')).toISOString()).toBe('2026-11-21T08:00:00.000Z'); // 08:30
    expect(nextBoundary(at('2026-11-21T07:45:00Z')).toISOString()).toBe('2026-11-21T08:00:00.000Z'); // 08:45
    expect(nextBoundary(at('2026-11-21T08:00:00Z')).toISOString()).toBe('2026-11-22T07:30:00.000Z'); // 09:00
    expect(nextBoundary(at('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T07:30:00.000Z');
  });
});

describe('isReportDayLocked', () => {
  it('locks a day once its report day is over', () => {
    expect(isReportDayLocked('2026-11-20', at('2026-11-21T07:59:00Z'))).toBe(false); // 08:59 on the 21st
    expect(isReportDayLocked('2026-11-20', at('2026-11-21T08:00:00Z'))).toBe(true); // 09:00 on the 21st
    expect(isReportDayLocked('2026-11-21', at('2026-11-21T08:00:00Z'))).toBe(false);
    expect(isReportDayLocked('2026-11-22', at('2026-11-21T08:00:00Z'))).toBe(false);
    expect(isReportDayLocked('2026-11-01', at('2026-11-21T08:00:00Z'))).toBe(true);
  });

  it('follows the DST offset on 29 March 2026', () => {
    expect(isReportDayLocked('2026-03-28', at('2026-03-29T06:59:00Z'))).toBe(false);
    expect(isReportDayLocked('2026-03-28', at('2026-03-29T07:00:00Z'))).toBe(true);
  });
});

describe('addDays / compareDays', () => {
  it('adds and subtracts across month and year ends', () => {
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2026-12-25', -30)).toBe('2026-11-25');
  });

  it('is pure calendar arithmetic across DST changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-10-26', -2)).toBe('2026-10-24');
  });

  it('rejects invalid input', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError);
  });

  it('compares days in calendar order', () => {
    expect(compareDays('2026-11-20', '2026-11-21')).toBeLessThan(0);
    expect(compareDays('2026-11-21', '2026-11-21')).toBe(0);
    expect(compareDays('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });
});

describe('ISO weeks', () => {
  it('knows which years have 53 weeks', () => {
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2032)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(isoWeeksInYear(2027)).toBe(52);
    expect(isoWeeksInYear(2020)).toBe(53);
  });

  it('assigns days at year boundaries to the right ISO year', () => {
    expect(isoWeekOf('2025-12-28')).toEqual({ year: 2025, week: 52 });
    expect(isoWeekOf('2025-12-29')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2026-11-21')).toEqual({ year: 2026, week: 47 });
  });

  it('gives Monday..Sunday ranges', () => {
    expect(isoWeekRange(2026, 1)).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(isoWeekRange(2026, 47)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(isoWeekRange(2026, 53)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(isoWeekRange(2025, 52)).toEqual({ from: '2025-12-22', to: '2025-12-28' });
    expect(isoWeekRange(2032, 53)).toEqual({ from: '2032-12-27', to: '2033-01-02' });
  });

  it('rejects weeks that do not exist', () => {
    expect(() => isoWeekRange(2025, 53)).toThrow(RangeError);
    expect(() => isoWeekRange(2026, 0)).toThrow(RangeError);
  });
});

describe('Norwegian formatting', () => {
  it('formats days', () => {
    expect(formatDayNo('2026-11-21')).toBe('21. november 2026');
    expect(formatDayNo('2026-03-29')).toBe('29. mars 2026');
    expect(formatDayNo('2026-10-05')).toBe('5. oktober 2026');
  });

  it('formats days with weekday', () => {
    expect(formatLongDayNo('2026-11-21')).toBe('lørdag 21. november 2026');
    expect(formatLongDayNo('2026-03-29')).toBe('søndag 29. mars 2026');
    expect(formatLongDayNo('2026-10-25')).toBe('søndag 25. oktober 2026');
  });

  it('formats timestamps in Oslo winter and summer time', () => {
    expect(formatTimestampNo(at('2026-11-21T13:05:00Z'))).toBe('21. november 2026 kl. 14:05');
    expect(formatTimestampNo('2026-11-21T13:05:00Z')).toBe('21. november 2026 kl. 14:05');
    expect(formatTimestampNo(at('2026-07-15T12:05:00Z'))).toBe('15. juli 2026 kl. 14:05');
    expect(formatTimestampNo(at('2026-03-29T07:00:00Z'))).toBe('29. mars 2026 kl. 09:00');
    expect(formatTimestampNo(at('2026-10-25T08:00:00Z'))).toBe('25. oktober 2026 kl. 09:00');
    expect(formatTimestampNo(at('2026-12-31T23:30:00Z'))).toBe('1. januar 2027 kl. 00:30');
  });

  it('rejects invalid timestamps', () => {
    expect(() => formatTimestampNo('not a date')).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or takes the last day of a shorter month', () => {
    expect(addMonths('2026-11-24', -12)).toBe('2025-11-24');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2026-10-25', 0)).toBe('2026-10-25');
  });
  it('refuses a fraction of a month', () => {
    expect(() => addMonths('2026-10-25', 1.5)).toThrow(RangeError);
  });
});
