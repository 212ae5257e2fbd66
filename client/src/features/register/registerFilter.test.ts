import { describe, expect, it } from 'vitest';
import type { RegisterStudentRecord } from '#protocol';
import { choicesOf, filterRegister, NO_FILTER } from './registerFilter';

const student = (id: string, firstName: string, lastName: string, extra: Partial<RegisterStudentRecord> = {}): RegisterStudentRecord => ({
  id: id.padStart(24, '0'),
  schoolId: 'a'.repeat(24),
  firstName,
  lastName,
  className: '1A',
  classId: null,
  house: 'Nordtun',
  room: '101',
  boarder: true,
  externalId: '',
  contactNote: '',
  leftAt: null,
  version: 1,
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

const STUDENTS = [
  student('1', 'Åse', 'Ødegård', { room: '102' }),
  student('2', 'Ola', 'Nordmann', { className: '2B', house: 'Sørtun' }),
  student('3', 'Kari', 'Berg', { leftAt: '2026-11-01' }),
  student('4', 'Per', 'Aas', { leftAt: '2026-12-20' }),
];
const names = (list: RegisterStudentRecord[]) => list.map((s) => s.firstName);

describe('the register screen’s filter', () => {
  it('finds by any part of name, class, house or room, without regard to case; several words must all match', () => {
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, text: 'ØDE' }, '2026-11-23'))).toEqual(['Åse']);
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, text: 'sørtun 2b' }, '2026-11-23'))).toEqual(['Ola']);
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, text: '102' }, '2026-11-23'))).toEqual(['Åse']);
  });

  it('leaves out those who have left unless asked; one leaving later is still at the school; sorted by last name as Norwegians sort (Aas after Ødegård)', () => {
    expect(names(filterRegister(STUDENTS, NO_FILTER, '2026-11-23'))).toEqual(['Ola', 'Åse', 'Per']);
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, withLeft: true }, '2026-11-23'))).toEqual(['Kari', 'Ola', 'Åse', 'Per']);
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, className: '2B' }, '2026-11-23'))).toEqual(['Ola']);
    expect(names(filterRegister(STUDENTS, { ...NO_FILTER, house: 'Nordtun' }, '2026-11-23'))).toEqual(['Åse', 'Per']);
    expect(choicesOf(STUDENTS, 'house')).toEqual(['Nordtun', 'Sørtun']);
  });
});
