import { describe, expect, it } from 'vitest';
import { tonightList, type Boarder, type DayLists } from './tonightList';

const id = (n: number) => String(n).padStart(24, '0');
const boarder = (n: number, firstName: string, lastName: string, house: string, room: string, extra: Partial<Boarder> = {}): Boarder => ({
  id: id(n),
  firstName,
  lastName,
  classId: null,
  className: '1A',
  house,
  room,
  boarder: true,
  ...extra,
});
const NONE: DayLists = { awayNames: new Set(), awayIds: new Set(), awayClassIds: new Set(), sickNames: new Set(), sickIds: new Set() };
const BOARDERS = [
  boarder(1, 'Åse', 'Ødegård', 'Nordtun', '10'),
  boarder(2, 'Ola', 'Berg', 'Nordtun', '9'),
  boarder(3, 'Kari', 'Lie', 'Sørtun', '1', { classId: id(90), className: '2B' }),
  boarder(4, 'Per', 'Dag', 'Sørtun', '1', { boarder: false }),
  boarder(5, 'Ida', 'Moe', 'Nordtun', '9'),
];

describe("tonight's list", () => {
  it('holds the boarders by house and room (rooms in number order), the day students out', () => {
    const list = tonightList('2026-11-23', BOARDERS, NONE);
    expect(list.houses.map((h) => [h.house, h.rooms.map((r) => [r.room, r.students.map((s) => s.firstName)])])).toEqual([
      [
        'Nordtun',
        [
          ['9', ['Ola', 'Ida']],
          ['10', ['Åse']],
        ],
      ],
      ['Sørtun', [['1', ['Kari']]]],
    ]);
    expect([list.expected, list.sick, list.away]).toEqual([4, 0, 0]);
  });

  it('leaves out the away (by id, by their exact name, with their class) and marks the sick, of one house or all', () => {
    const lists: DayLists = {
      ...NONE,
      awayIds: new Set([id(1)]),
      awayNames: new Set(['Ola Berg', 'Ida']),
      awayClassIds: new Set([id(90)]),
      sickIds: new Set([id(5)]),
    };
    const all = tonightList('2026-11-23', BOARDERS, lists);
    expect(all.houses.flatMap((h) => h.rooms.flatMap((r) => r.students.map((s) => [s.firstName, s.sick])))).toEqual([['Ida', true]]);
    expect([all.expected, all.sick, all.away]).toEqual([1, 1, 3]);
    const south = tonightList('2026-11-23', BOARDERS, lists, 'Sørtun');
    expect([south.houses, south.expected, south.away]).toEqual([[], 0, 1]);
  });
});
