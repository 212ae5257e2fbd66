import { atSchoolOn, compareNames, type RegisterStudentRecord } from '#protocol';

export interface RegisterFilter {
  /** Any part of the name, the class, the house or the room. */
  text: string;
  /** A class's name, or '' for every class. */
  className: string;
  /** A house, or '' for every house. */
  house: string;
  /** Also those who have left ('Sluttet'). */
  withLeft: boolean;
}

export const NO_FILTER: RegisterFilter = { text: '', className: '', house: '', withLeft: false };

const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('nb');

/** The students the filter lets through, by last name and first name. */
export function filterRegister(students: readonly RegisterStudentRecord[], filter: RegisterFilter, today: string): RegisterStudentRecord[] {
  const words = folded(filter.text).split(/\s+/).filter(Boolean);
  return students
    .filter((s) => filter.withLeft || atSchoolOn(s, today))
    .filter((s) => !filter.className || s.className === filter.className)
    .filter((s) => !filter.house || s.house === filter.house)
    .filter((s) => {
      const haystack = folded(`${s.firstName} ${s.lastName} ${s.className} ${s.house} ${s.room} ${s.externalId}`);
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName));
}

/** The distinct non-empty values of a field, in name order: the filters' choices. */
export function choicesOf(students: readonly RegisterStudentRecord[], field: 'className' | 'house'): string[] {
  return [...new Set(students.map((s) => s[field]).filter(Boolean))].sort(compareNames);
}
