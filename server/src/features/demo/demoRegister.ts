import type { Types } from 'mongoose';
import { ClassModel } from '../classes/model';
import { RegisterStudentModel } from '../studentRegister/model';
import { DEMO_STUDENTS } from './demoPeople';

/** The demo's boarding houses: 20 boarders each, two to a room. */
export const DEMO_HOUSES = ['Nordtun', 'Sørtun', 'Elvetun'] as const;

// First names that none of DEMO_STUDENTS has: a report names a student by first name.
const MORE_FIRST = [
  'Aksel',
  'Alma',
  'Amalie',
  'Anders',
  'Andrea',
  'Aurora',
  'Benjamin',
  'Brage',
  'Celine',
  'Ella',
  'Elias',
  'Emma',
  'Erik',
  'Frida',
  'Hanna',
  'Hedda',
  'Iben',
  'Ingrid',
  'Isak',
  'Jakob',
  'Johanne',
  'Julie',
  'Kasper',
  'Karoline',
  'Leah',
  'Leon',
  'Liam',
  'Linnea',
  'Live',
  'Lukas',
  'Magnus',
  'Markus',
  'Martine',
  'Mia',
  'Nikolai',
  'Nils',
  'Olivia',
  'Petter',
  'Selma',
  'Sigurd',
  'Sindre',
  'Sverre',
  'Tiril',
  'Tobias',
  'Vilde',
  'William',
  'Åsmund',
];
const MORE_LAST = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Sæther',
  'Ødegård',
  'Åsheim',
  'Solberg',
  'Halvorsen',
  'Haugland',
  'Kristiansen',
];

/** The demo school's 60 boarders: the students its history names, and 47 more. */
export function demoBoarders(): { firstName: string; lastName: string }[] {
  const named = DEMO_STUDENTS.map((student) => {
    const [firstName = '', ...rest] = student.split(' ');
    return { firstName, lastName: rest.join(' ') };
  });
  const more = MORE_FIRST.map((firstName, i) => ({ firstName, lastName: MORE_LAST[i % MORE_LAST.length] ?? 'Hansen' }));
  return [...named, ...more];
}

/**
 * The demo school's register (issue 46), once: 60 boarders in 3 houses, the students its sick and
 * away lists name among them, so the register's screens and the lists' choices have something to show.
 */
export async function writeDemoRegister(schoolId: Types.ObjectId): Promise<boolean> {
  const students = RegisterStudentModel.of(schoolId);
  if (await students.exists({ schoolId })) return false;
  const classes = await ClassModel.of(schoolId).find({ schoolId }, { _id: 1 }).sort({ className: 1 }).lean();
  const boarders = demoBoarders();
  await students.insertMany(
    boarders.map((boarder, i) => {
      const house = Math.floor(i / 20);
      const room = 101 + Math.floor((i % 20) / 2);
      return {
        schoolId,
        ...boarder,
        classId: classes.length > 0 ? (classes[i % classes.length]?._id ?? null) : null,
        house: DEMO_HOUSES[house] ?? DEMO_HOUSES[0],
        room: String(room),
        boarder: true,
        externalId: String(26_001 + i),
        contactNote: '',
        leftAt: null,
        version: 1,
      };
    }),
  );
  return true;
}
