import { describe, expect, it } from 'vitest';
import type { Trip } from '#protocol';
import { activeTripsOfClass, deleteClassQuestion, DELETE_CLASS_QUESTION } from './deleteClassQuestion';

const CLASS = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';

function trip(id: string, fromDate: string, toDate: string, classIds: string[]): Trip {
  return {
    id: id.padStart(24, '0'),
    schoolId: 'cccccccccccccccccccccccc',
    fromDate,
    toDate,
    studentNames: [],
    classIds,
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    studentNamesJSON: '[]',
    classIdsJSON: JSON.stringify(classIds),
  };
}

describe('the question before a class is deleted', () => {
  const trips = [
    trip('1', '2026-12-04', '2026-12-06', [CLASS]),
    trip('2', '2026-11-27', '2026-11-30', [CLASS, OTHER]),
    trip('3', '2026-11-01', '2026-11-03', [CLASS]),
    trip('4', '2026-11-27', '2026-11-30', [OTHER]),
  ];

  it('finds the trips under way or to come that the class is on, soonest first', () => {
    expect(activeTripsOfClass(trips, CLASS, '2026-11-28').map((t) => t.fromDate)).toEqual(['2026-11-27', '2026-12-04']);
    expect(activeTripsOfClass(trips, CLASS, '2026-12-06').map((t) => t.fromDate)).toEqual(['2026-12-04']);
    expect(activeTripsOfClass(trips, CLASS, '2026-12-07')).toEqual([]);
  });

  it('keeps the spec’s question, and names the class and its trips', () => {
    expect(deleteClassQuestion('2STA', [])).toBe(DELETE_CLASS_QUESTION);
    expect(deleteClassQuestion('2STA', [trips[1]!])).toBe(
      'Er du sikker på at du vil slette denne klassen? 2STA er med på turen 27.–30. november, og blir tatt ut av den.',
    );
    expect(deleteClassQuestion('2STA', [trips[1]!, trips[0]!])).toBe(
      'Er du sikker på at du vil slette denne klassen? 2STA er med på turene 27.–30. november og 4.–6. desember, og blir tatt ut av dem.',
    );
  });
});
