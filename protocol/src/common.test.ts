import { describe, expect, it } from 'vitest';
import { daySchema } from './day';
import { idSchema } from './common';

describe('shared value schemas', () => {
  it('accepts only real YYYY-MM-DD days', () => {
    expect(daySchema.safeParse('2026-03-29').success).toBe(true);
    for (const bad of ['2026-02-30', '2026-3-29', '29.03.2026', '2026-03-29T00:00:00Z', '', 20260329, null]) {
      expect(daySchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('accepts only 24-hex ids', () => {
    expect(idSchema.safeParse('6b01424963c4538f9ee20a5a').success).toBe(true);
    for (const bad of ['6b01424963c4538f9ee20a5', 'zz01424963c4538f9ee20a5a', { $gt: '' }, 12]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
