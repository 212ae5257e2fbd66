import { compareKey, nameKey } from './normalize';
import type { RegisterStudent } from './registerStudent';

/**
 * How a file row finds its student in the register (also in docs/decisions.md):
 * 1. By external id (Elevnummer) when the row and a register student both have one.
 * 2. Else by first and last name, cleaned (trimmed, blanks collapsed, NFC) and without regard to
 *    case; a register student whose external id differs from the row's is someone else.
 * 3. A student still at the school goes before one who has left (a name comes back).
 * 4. Two students that fit equally: the row is refused as ambiguous, never guessed.
 */
export class RegisterIndex {
  private readonly byExternalId = new Map<string, RegisterStudent>();
  private readonly byName = new Map<string, RegisterStudent[]>();

  constructor(students: readonly RegisterStudent[]) {
    for (const student of students) {
      if (student.externalId !== '') this.byExternalId.set(compareKey(student.externalId), student);
      const key = nameKey(student.firstName, student.lastName);
      this.byName.set(key, [...(this.byName.get(key) ?? []), student]);
    }
  }

  /** The students the row may be: none, one, or several (ambiguous). */
  candidates(externalId: string, firstName: string, lastName: string): RegisterStudent[] {
    const id = compareKey(externalId);
    const byId = id === '' ? undefined : this.byExternalId.get(id);
    if (byId) return [byId];
    const sameName = (this.byName.get(nameKey(firstName, lastName)) ?? []).filter((student) => id === '' || student.externalId === '');
    const present = sameName.filter((student) => student.leftAt === null);
    return present.length > 0 ? present : sameName;
  }
}
