import { z } from 'zod';
import { userSchema } from './auth';
import { classSchema } from './classes';
import { maintenanceTaskSchema } from './maintenance';
import { deletedSchema, platformSchoolSchema } from './platform';
import { reportSchema, taskRoundsSchema } from './reports';
import { tripSchema } from './away';
import { sickListSchema } from './sick';
import { registerEntrySchema, registerStudentSchema } from './studentRegister';
import { rollCallSchema, rollMarkSchema } from './rollCalls';
import { evacuationSchema, evacueeMarkSchema } from './evacuations';
import { tasksConfigSchema } from './taskButtons';
import type { EventOrigin } from './origin';
import { SESSION_END_REASONS } from './sessionEnd';

/**
 * Every server-to-client event: '<plural>.<pastTense>' → payload schema. The payload is the same
 * presented shape the REST routes return; deletions carry { id }.
 */
export const serverEventSchemas = {
  /** A new self-registration, pending approval: to the school's admins and the platform room. */
  'users.registered': userSchema,
  /** A user created by the Plattformadministrator (approved at once): same rooms as users.updated. */
  'users.created': userSchema,
  /** A user's status or role changed: to the school's admins, the platform room and the user themselves. */
  'users.updated': userSchema,
  /** A user was deleted or a registration rejected: to the school's admins, the platform room and the user. */
  'users.deleted': deletedSchema,
  /** Classes: to the school's room (everyone uses class names) and the platform room. */
  'classes.created': classSchema,
  'classes.updated': classSchema,
  'classes.deleted': deletedSchema,
  /** Schools with fresh counts (also after any change to their users): to the platform room only. */
  'schools.created': platformSchoolSchema,
  'schools.updated': platformSchoolSchema,
  'schools.deleted': deletedSchema,
  /** Reports and the shared board: to the school's room (every approved member reads reports). */
  'reports.saved': reportSchema,
  'reports.deleted': deletedSchema,
  'taskRounds.updated': taskRoundsSchema,
  'taskButtons.updated': tasksConfigSchema,
  /** Sick lists and trips: to the school's room (the supervisors' board shows them). */
  'sickLists.updated': sickListSchema,
  'trips.saved': tripSchema,
  'trips.deleted': deletedSchema,
  /** The register (issue 46): a student as the lists see them, to those who read it; gone from the lists (left, erased). */
  'registerEntries.saved': registerEntrySchema,
  'registerEntries.removed': deletedSchema,
  /** Many students changed at once (a file imported): screens read the register again. */
  'registerEntries.imported': z.object({ at: z.string() }),
  /** A roll call started, marked or finished (issue 47): to those who count. */
  'rollCalls.saved': rollCallSchema,
  /** An evacuation started or ended (issue 47): to every member of the school, the Vaktmester too. */
  'evacuations.saved': evacuationSchema,
  /** One person marked 'I sikkerhet' (or taken back). */
  'evacuations.marked': evacueeMarkSchema,
  /** One student's mark on a roll call (started and finished rolls come as rollCalls.saved). */
  'rollCalls.marked': rollMarkSchema,
  /** The register's whole record of a student, to the school's administrators. */
  'registerStudents.saved': registerStudentSchema,
  /** Maintenance cases: to the school's Admins and Vaktmestere, and the platform room. */
  'maintenanceTasks.created': maintenanceTaskSchema,
  'maintenanceTasks.updated': maintenanceTaskSchema,
  'maintenanceTasks.deleted': deletedSchema,
  /** A case the user sent, made or changed (completed, rejected, reopened): to that user alone ('Mine saker'). */
  'ownCases.saved': maintenanceTaskSchema,
  /** A case the user sent was deleted: to that user alone. */
  'ownCases.deleted': deletedSchema,
  /** The server's database was away and is back: to everyone, whose screens fetch their data again. */
  'connections.restored': z.object({}),
  /** Why the server is about to close this user's (or session's) connections: the screen tells the person. */
  'session.ended': z.object({ reason: z.enum(SESSION_END_REASONS) }),
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEventSchemas)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>, origin: EventOrigin) => void;
};

/** The socket carries server-to-client events only. */
export type ClientToServerEvents = Record<string, never>;
