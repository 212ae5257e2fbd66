import { describe, expect, it } from 'vitest';
import type { Away, Sick } from '#protocol';
import { awayCount, classChipLabel, returnDateOf, returnLine, sickInfo, tripLine, tripNameOf } from './chipTexts';

const sick: Sick = { names: ['Kari', 'Ola'], comment: '', studentComments: { Kari: '  Feber  ', Ola: '   ' }, revision: 3 };
const away: Away = {
  names: ['Per', '9B'],
  individualStudentNames: ['Per'],
  returnDates: { Per: '2026-11-25' },
  classes: [{ id: '64b0000000000000000000c1', className: '9B', returnDate: '2026-11-23' }],
};

describe('what the board’s chips say', () => {
  it('a sick chip opens the student’s comment, or nothing to tell when it is blank', () => {
    expect(sickInfo(sick, 'Kari')).toBe('Feber');
    expect(sickInfo(sick, 'Ola')).toBeNull();
    expect(sickInfo(sick, 'Ukjent')).toBeNull();
    // A name that is also an Object property is a name, not a property.
    expect(sickInfo({ ...sick, studentComments: {} }, 'constructor')).toBeNull();
  });

  it('an away chip opens the return date, marked on the day the student comes back', () => {
    expect(returnLine(returnDateOf(away, 'Per'))).toBe('Tilbake: onsdag 25. november 2026');
    expect(returnLine('2026-11-23')).toBe('Tilbake: mandag 23. november 2026');
    expect(returnLine(undefined)).toBeNull();
  });

  it('an away chip names the student’s trip when it has a name, even a student called constructor', () => {
    const named: Away = { ...away, tripNames: { Per: 'Skitur Hemsedal' } };
    expect(tripLine(tripNameOf(named, 'Per'))).toBe('Reise: Skitur Hemsedal');
    expect(tripLine(tripNameOf(named, 'constructor'))).toBeNull();
    expect(tripLine(tripNameOf(away, 'Per'))).toBeNull();
  });

  it('counts students and whole classes, and names a class chip by its visible text', () => {
    expect(awayCount(away)).toBe(2);
    expect(awayCount(null)).toBe(0);
    expect(classChipLabel('9B', '2026-11-23', '2026-11-23')).toBe('Klasse 9B, tilbake mandag');
    expect(classChipLabel('9B', '2026-11-25', '2026-11-23')).toBe('Klasse 9B');
  });
});
