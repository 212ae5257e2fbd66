import { describe, expect, it } from 'vitest';
import { AGAIN, untilWritten } from './untilWritten';

describe('untilWritten: the one retry of optimistic writes', () => {
  it('tries again after a clash and answers the first written value', async () => {
    const tries: number[] = [];
    const value = await untilWritten(
      { tries: 5 },
      async (n) => (tries.push(n), n < 3 ? AGAIN : `skrevet ${n}`),
      () => 'opptatt',
    );
    expect([value, tries]).toEqual(['skrevet 3', [1, 2, 3]]);
  });

  it('past its tries or its time, lets `exhausted` decide', async () => {
    let tried = 0;
    expect(
      await untilWritten(
        { tries: 4 },
        async () => (tried++, AGAIN),
        () => 'ga opp',
      ),
    ).toBe('ga opp');
    expect(tried).toBe(4);
    await expect(
      untilWritten(
        { withinMs: 30 },
        async () => AGAIN,
        () => {
          throw new Error('opptatt');
        },
      ),
    ).rejects.toThrow('opptatt');
  });

  it('a try that throws ends it at once (a conflict to show, not to retry)', async () => {
    let tried = 0;
    await expect(
      untilWritten(
        { tries: 5 },
        async () => {
          tried++;
          throw new Error('konflikt');
        },
        () => 'x',
      ),
    ).rejects.toThrow('konflikt');
    expect(tried).toBe(1);
  });
});
