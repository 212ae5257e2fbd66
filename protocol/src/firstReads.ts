import { reportDay } from './time';
import { ADMIN_ROLE, CARETAKER_ROLE, SUPERVISOR_ROLE, type Role } from './roles';
import { SUPERVISOR_HOME } from './product';
import { readPaths } from './readPaths';

/**
 * What a role's home screen reads first, so the server can name it in the page it sends a signed-in
 * browser (a Link preload) and the data is on its way while the scripts still load.
 */

export type Viewer = { role: Role; schoolId: string };

/** Each home screen, the role it is home to and what it reads first (as its stores ask on a member's first visit). */
const HOME_READS: ReadonlyArray<{ path: string; role: Role; reads: (viewer: Viewer, now: Date) => string[] }> = [
  {
    path: SUPERVISOR_HOME,
    role: SUPERVISOR_ROLE,
    reads: (viewer, now) => [
      readPaths.taskButtons(viewer.schoolId),
      readPaths.myReport(),
      readPaths.taskRounds(null),
      // The board's day is the report day (before 09:00 Oslo, yesterday's), as its stores ask.
      readPaths.sick(reportDay(now), null),
      readPaths.away(reportDay(now), null),
      // The board's roll call card: keeps tonight's list on the phone for the night.
      readPaths.rollCalls(reportDay(now), null),
      readPaths.tonight(reportDay(now), null),
      // Every signed-in screen keeps the school's evacuations live (EvacuationBanner).
      readPaths.evacuations(null),
    ],
  },
  { path: '/vaktmester', role: CARETAKER_ROLE, reads: () => [readPaths.maintenanceTasks('pending', null), readPaths.evacuations(null)] },
  {
    path: '/admin/brukere',
    role: ADMIN_ROLE,
    reads: (viewer) => [readPaths.schoolUsers(viewer.schoolId), readPaths.evacuations(null)],
  },
];

/** What the screen at this path reads first for this viewer; nothing on a screen that is not their home. */
export function firstReads(pathname: string, viewer: Viewer, now: Date): string[] {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const home = HOME_READS.find((entry) => entry.path === path && entry.role === viewer.role);
  return home ? home.reads(viewer, now) : [];
}
