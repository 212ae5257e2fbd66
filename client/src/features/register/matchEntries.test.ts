import { describe, expect, it } from 'vitest';
import type { RegisterEntry } from '#protocol';
import { entryNamed, matchEntries } from './matchEntries';

const entry = (id: string, firstName: string, lastName: string, className = '1A', house = 'Nordtun', room = '101'): RegisterEntry => ({
  id: id.padStart(24, '0'),
  firstName,
  lastName,
  classId: null,
  className,
  house,
  room,
  updatedAt: '2026-11-23T10:00:00.000Z',
});
const ENTRIES = [
  entry('1', 'Ola', 'Nordmann', '2B', 'Sørtun', '204'),
  entry('2', 'Kari', 'Olsen'),
  entry('3', 'Åse', 'Ødegård', '1A', 'Nordtun', '102'),
  entry('4', 'Ola', 'Berg'),
];
const names = (list: RegisterEntry[]) => list.map((e) => `${e.firstName} ${e.lastName}`);

describe('finding a student in the register as one types', () => {
  it('by any part of the name, class, house or room, without regard to case; names that start so come first', () => {
    expect(names(matchEntries(ENTRIES, 'ol'))).toEqual(['Ola Berg', 'Ola Nordmann', 'Kari Olsen']);
    expect(names(matchEntries(ENTRIES, 'ØDE'))).toEqual(['Åse Ødegård']);
    expect(names(matchEntries(ENTRIES, '204'))).toEqual(['Ola Nordmann']);
    expect(names(matchEntries(ENTRIES, 'ola sørtun'))).toEqual(['Ola Nordmann']);
    expect(matchEntries(ENTRIES, '   ')).toEqual([]);
    expect(matchEntries(ENTRIES, 'o', 2)).toHaveLength(2);
  });

  it('a name typed in full is that student when the register has exactly one of that name', () => {
    expect(entryNamed(ENTRIES, ' ola  NORDMANN ')?.id).toBe(ENTRIES[0]?.id);
    expect(entryNamed(ENTRIES, 'Ola')).toBeNull();
    expect(entryNamed([...ENTRIES, entry('5', 'Ola', 'Nordmann')], 'Ola Nordmann')).toBeNull();
  });
});
