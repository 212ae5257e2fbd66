import { describe, expect, it } from 'vitest';
import { formatDayRangeNo } from './time';

describe('formatDayRangeNo', () => {
  it('says a trip’s days as a sentence does', () => {
    expect(formatDayRangeNo('2026-11-27', '2026-11-30')).toBe('27.–30. november');
    expect(formatDayRangeNo('2026-11-30', '2026-12-02')).toBe('30. november–2. desember');
    expect(formatDayRangeNo('2026-11-27', '2026-11-27')).toBe('27. november');
    expect(formatDayRangeNo('2026-12-30', '2027-01-02')).toBe('30. desember 2026–2. januar 2027');
  });
});
