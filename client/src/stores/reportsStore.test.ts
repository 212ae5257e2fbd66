import { describe, expect, it } from 'vitest';
import { isRecentDay } from './reportsStore';

// 08:59 and 09:00 Oslo (UTC+1) on Saturday 21 November: the report day turns from the 20th to the 21st.
const BEFORE_NINE = new Date('2026-11-21T07:59:00Z');
const AT_NINE = new Date('2026-11-21T08:00:00Z');

describe('/rapporter shows the last seven report days', () => {
  it.each([
    ['08:59', '2026-11-13', false],
    ['08:59', '2026-11-14', true],
    ['08:59', '2026-11-20', true],
    ['08:59', '2026-11-21', false],
    ['09:00', '2026-11-14', false],
    ['09:00', '2026-11-15', true],
    ['09:00', '2026-11-21', true],
    ['09:00', '2026-11-22', false],
  ])('at %s Oslo on 21 November, the report of %s is listed: %s', (time, day, listed) => {
    expect(isRecentDay(day, time === '08:59' ? BEFORE_NINE : AT_NINE)).toBe(listed);
  });
});
