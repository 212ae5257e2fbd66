import { describe, expect, it } from 'vitest';
import { firstReads } from './firstReads';
import { osloInstant } from './time';

const viewer = { role: 'Tilsynsvakt' as const, schoolId: 'a'.repeat(24) };

describe('the board’s first reads', () => {
  it('name the report day, as the board asks: before 09:00 Oslo the day before', () => {
    expect(firstReads('/tilsynsvakt', viewer, osloInstant('2026-11-26', 0, 30))).toEqual(
      expect.arrayContaining([
        '/api/sick?date=2026-11-25',
        '/api/away?activeOn=2026-11-25',
        '/api/roll-calls?date=2026-11-25',
        '/api/register/tonight?date=2026-11-25',
      ]),
    );
    expect(firstReads('/tilsynsvakt', viewer, osloInstant('2026-11-26', 9, 0))).toEqual(
      expect.arrayContaining(['/api/sick?date=2026-11-26', '/api/away?activeOn=2026-11-26']),
    );
  });

  it('are none on a screen that is not the viewer’s home', () => {
    expect(firstReads('/admin', viewer, new Date())).toEqual([]);
  });
});
