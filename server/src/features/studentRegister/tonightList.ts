import { compareNames, compareNorwegianNumeric } from '#protocol/collation';
import { registerName } from '#protocol/studentRegister';
import type { Tonight, TonightStudent } from '#protocol/tonight';

/** A register student as tonight's list needs them. */
export type Boarder = {
  id: string;
  firstName: string;
  lastName: string;
  classId: string | null;
  className: string;
  house: string;
  room: string;
  boarder: boolean;
};

/** Who is away on the day and who is sick, as the lists hold them: by name, by the register's id, and classes by id. */
export type DayLists = {
  awayNames: ReadonlySet<string>;
  awayIds: ReadonlySet<string>;
  awayClassIds: ReadonlySet<string>;
  sickNames: ReadonlySet<string>;
  sickIds: ReadonlySet<string>;
};

/**
 * Tonight's list: the register's boarders at the school that day (the caller passes only those),
 * of one house or all, without the away, the sick marked; grouped by house and room. A student on
 * a list by id counts whatever the list calls them; by name only when the name is theirs exactly.
 */
export function tonightList(date: string, boarders: readonly Boarder[], lists: DayLists, house?: string): Tonight {
  const inHouse = boarders.filter((b) => b.boarder && (house === undefined || house === '' || b.house === house));
  const isAway = (b: Boarder) =>
    lists.awayIds.has(b.id) || lists.awayNames.has(registerName(b)) || (b.classId !== null && lists.awayClassIds.has(b.classId));
  const present = inHouse.filter((b) => !isAway(b));
  const houses = new Map<string, Map<string, TonightStudent[]>>();
  for (const b of present) {
    const rooms = houses.get(b.house) ?? new Map<string, TonightStudent[]>();
    const sick = lists.sickIds.has(b.id) || lists.sickNames.has(registerName(b));
    rooms.set(b.room, [
      ...(rooms.get(b.room) ?? []),
      { id: b.id, firstName: b.firstName, lastName: b.lastName, className: b.className, sick },
    ]);
    houses.set(b.house, rooms);
  }
  const byName = (a: TonightStudent, b: TonightStudent) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName);
  return {
    date,
    houses: [...houses]
      .sort(([a], [b]) => compareNames(a, b))
      .map(([name, rooms]) => ({
        house: name,
        rooms: [...rooms]
          .sort(([a], [b]) => compareNorwegianNumeric(a, b))
          .map(([room, students]) => ({ room, students: students.sort(byName) })),
      })),
    expected: present.length,
    sick: present.filter((b) => lists.sickIds.has(b.id) || lists.sickNames.has(registerName(b))).length,
    away: inHouse.length - present.length,
  };
}
