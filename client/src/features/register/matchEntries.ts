import { compareNames, registerName, type RegisterEntry } from '#protocol';

const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('nb');

/** What an entry is found by: any part of its name, class, house or room. */
const haystack = (entry: RegisterEntry) => folded(`${entry.firstName} ${entry.lastName} ${entry.className} ${entry.house} ${entry.room}`);

/** The register's students a typed text finds (every word somewhere), those whose name starts so first; at most `limit`. */
export function matchEntries(entries: readonly RegisterEntry[], text: string, limit = 8): RegisterEntry[] {
  const words = folded(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found = entries.filter((entry) => words.every((word) => haystack(entry).includes(word)));
  const starts = (entry: RegisterEntry) => (folded(registerName(entry)).startsWith(words.join(' ')) ? 0 : 1);
  return found
    .sort((a, b) => starts(a) - starts(b) || compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName))
    .slice(0, limit);
}

/** The entry a name stands for exactly (cleaned, case aside), if the register has one and only one. */
export function entryNamed(entries: readonly RegisterEntry[], name: string): RegisterEntry | null {
  const key = folded(name.trim().replace(/\s+/g, ' '));
  const same = entries.filter((entry) => folded(registerName(entry)) === key);
  return same.length === 1 ? (same[0] ?? null) : null;
}
