import { describe, expect, it } from 'vitest';
import { countNoun } from './counting';

describe('countNoun', () => {
  it('takes the singular for exactly one and the plural otherwise, zero included', () => {
    expect([0, 1, 2, 11, 21].map((n) => countNoun(n, 'oppgave fullført', 'oppgaver fullført'))).toEqual([
      '0 oppgaver fullført',
      '1 oppgave fullført',
      '2 oppgaver fullført',
      '11 oppgaver fullført',
      '21 oppgaver fullført',
    ]);
    expect(countNoun(1, 'deaktivert', 'deaktiverte')).toBe('1 deaktivert');
  });
});
