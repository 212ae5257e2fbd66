import type { ServerEventName } from './events';
import { PUSH_ROLES } from './push';
import { ADMIN_ROLE, CARETAKER_ROLE, PLATFORM_ADMIN_ROLE, ROLES, SCHOOL_ADMIN_ROLES, SUPERVISOR_ROLE, type Role } from './roles';

/**
 * What a grant acts on:
 * - 'school': one school's data: a member's own school; the Plattformadministrator names the school.
 * - 'platform': the platform's schools and users (the Plattformadministrator alone).
 * - 'account': the caller's own account.
 */
export type Scope = 'school' | 'platform' | 'account';
export type Verb = 'see' | 'change' | 'send';
type Rule = { roles: readonly Role[]; scope: Scope };

const school = (roles: readonly Role[]): Rule => ({ roles, scope: 'school' });
const EVERY_MEMBER = ROLES;
const ADMINS = SCHOOL_ADMIN_ROLES;
const SUPERVISORS: readonly Role[] = [SUPERVISOR_ROLE];
const MAINTAINERS: readonly Role[] = [ADMIN_ROLE, CARETAKER_ROLE, PLATFORM_ADMIN_ROLE];
const PLATFORM_ADMIN: readonly Role[] = [PLATFORM_ADMIN_ROLE];

/**
 * Who sees and who changes each kind of data, and where. The API's routes declare their access
 * from it, the sockets' rooms are made of it, and the client's screens guard with it. A
 * 'school' rule lets the Plattformadministrator in on the school they name.
 */
const TABLE = {
  /** The days' reports (the board, the last seven days); Admins correct and delete them. */
  reports: { see: school(EVERY_MEMBER), change: school(ADMINS) },
  /** A Tilsynsvakt's own report of the day, with the tasks they tick. */
  ownReport: { see: school(SUPERVISORS), change: school(SUPERVISORS) },
  /** Every saved text of a report (issue 44): its writer (a Tilsynsvakt, checked by the service) and the school's administrators. */
  reportVersions: { see: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]) },
  /** The office's report pages: a week, a year, a year at a glance. */
  reportArchive: { see: school(ADMINS) },
  /** The reports as files (xlsx, pdf, csv). */
  exports: { see: school(ADMINS) },
  /** Which tasks of the day's rounds are done (the board). */
  taskRounds: { see: school(EVERY_MEMBER) },
  /** The school's task buttons, its one setting. */
  taskButtons: { see: school(EVERY_MEMBER), change: school(ADMINS) },
  /** Who is sick, by name (the board shows it). */
  sickList: { see: school(EVERY_MEMBER), change: school(ADMINS) },
  /** The comments on the sick list: health information about a child (DECISIONS). */
  sickComments: { see: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]) },
  /** Who is away today, by name and by class (the board); it follows the trips and the classes' names. */
  away: { see: school(EVERY_MEMBER) },
  /** The trips themselves, as the office plans them. */
  trips: { see: school(ADMINS), change: school(ADMINS) },
  /** Maintenance cases (spec §6): a Tilsynsvakt only sends them. */
  maintenance: { see: school(MAINTAINERS), change: school(MAINTAINERS), send: school(SUPERVISORS) },
  /** The cases a Tilsynsvakt sent, with their outcome ('Mine saker', issue 44): theirs alone. */
  ownCases: { see: { roles: SUPERVISORS, scope: 'account' } },
  /** The school's users, and those awaiting approval. */
  users: { see: school(ADMINS), change: school(ADMINS) },
  classes: { see: school(ADMINS), change: school(ADMINS) },
  /** The register of the school's students (issue 46): what a night round needs (name, class, house, room). */
  register: { see: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]), change: school(ADMINS) },
  /** Roll calls of tonight's boarders (issue 47): started and marked by those who read the register. */
  rollCalls: {
    see: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]),
    change: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]),
  },
  /** The evacuation list (issue 47): every member of the school sees it; those who count at night start and end it. */
  evacuation: { see: school(EVERY_MEMBER), change: school([ADMIN_ROLE, SUPERVISOR_ROLE, PLATFORM_ADMIN_ROLE]) },
  /** 'I sikkerhet' on the evacuation list: every member, the Vaktmester at the assembly point too. */
  evacuationMarks: { change: school(EVERY_MEMBER) },
  /** The register's whole record (boarder, student number, who to call, when they left): the office's. */
  registerDetails: { see: school(ADMINS) },
  /** What the school holds about one student: looked up, downloaded, erased. */
  students: { see: school(ADMINS), change: school(ADMINS) },
  /** The school's rules for signing in: a second factor for its Admins (issue 33). */
  signInRules: { see: school(ADMINS), change: school(ADMINS) },
  /** The school's audit trail, read only. */
  audit: { see: school(ADMINS) },
  /** The platform's schools and users, and every school's audit trail. */
  platform: { see: { roles: PLATFORM_ADMIN, scope: 'platform' }, change: { roles: PLATFORM_ADMIN, scope: 'platform' } },
  /** The caller's own account: its password, its passkeys ('Min konto'). */
  ownAccount: { see: { roles: EVERY_MEMBER, scope: 'account' }, change: { roles: EVERY_MEMBER, scope: 'account' } },
  /** Notifications on the caller's own devices (Web Push), for the roles that get any. */
  pushNotifications: { see: { roles: PUSH_ROLES, scope: 'account' }, change: { roles: PUSH_ROLES, scope: 'account' } },
} satisfies Record<string, Partial<Record<Verb, Rule>>>;

export type DataKind = keyof typeof TABLE;
/** The kinds of data someone sees (all but the own account's password). */
export type SeenKind = { [K in DataKind]: 'see' extends keyof (typeof TABLE)[K] ? K : never }[DataKind];
/** One cell of the table, naming its row and column so that a route's access says where it comes from. */
export type Grant<K extends DataKind = DataKind, V extends Verb = Verb> = Rule & { readonly data: K; readonly may: V };
type Policy = { readonly [K in DataKind]: { readonly [V in keyof (typeof TABLE)[K] & Verb]: Grant<K, V> } };

export const POLICY = Object.fromEntries(
  Object.entries(TABLE).map(([data, verbs]) => [
    data,
    Object.fromEntries(Object.entries(verbs).map(([may, rule]) => [may, Object.freeze({ data, may, ...rule })])),
  ]),
) as Policy;

/** Every cell of the table. */
export function policyGrants(): Grant[] {
  return Object.values(POLICY).flatMap((verbs) => Object.values(verbs) as Grant[]);
}

/** Whether a role is let in by a grant. */
export function mayRole(grant: Grant, role: Role | null | undefined): boolean {
  return !!role && grant.roles.includes(role);
}

/** Events that carry no data, only a signal: to every socket, or to one user's sessions. */
export const SIGNAL_EVENTS = ['connections.restored', 'session.ended'] as const satisfies readonly ServerEventName[];
/**
 * Events about one person's own data (the cases they sent): to that user's own room alone, never
 * to a school's rooms. The kind's grant is scoped to the account.
 */
export const OWN_EVENTS = {
  'ownCases.saved': 'ownCases',
  'ownCases.deleted': 'ownCases',
} as const satisfies Partial<Record<ServerEventName, SeenKind>>;
export type OwnEvent = keyof typeof OWN_EVENTS;
export type DataEvent = Exclude<ServerEventName, (typeof SIGNAL_EVENTS)[number] | OwnEvent>;

/**
 * The kind of data each event carries: it reaches exactly the roles that see that kind (on the
 * event's school; the Plattformadministrator hears every school). users.* also reach the user the
 * change is about (their own account).
 */
export const EVENT_DATA: Record<DataEvent, SeenKind> = {
  'users.registered': 'users',
  'users.created': 'users',
  'users.updated': 'users',
  'users.deleted': 'users',
  // The away list names the classes on a trip: a class's name changes it.
  'classes.created': 'away',
  'classes.updated': 'away',
  'classes.deleted': 'away',
  'schools.created': 'platform',
  'schools.updated': 'platform',
  'schools.deleted': 'platform',
  'reports.saved': 'reports',
  'reports.deleted': 'reports',
  'taskRounds.updated': 'taskRounds',
  'taskButtons.updated': 'taskButtons',
  // Sent whole to those who see sickComments, without the comments to the others.
  'sickLists.updated': 'sickList',
  'trips.saved': 'away',
  'trips.deleted': 'away',
  'registerEntries.saved': 'register',
  'registerEntries.removed': 'register',
  'registerEntries.imported': 'register',
  'registerStudents.saved': 'registerDetails',
  'rollCalls.saved': 'rollCalls',
  'rollCalls.marked': 'rollCalls',
  'evacuations.saved': 'evacuation',
  'evacuations.marked': 'evacuation',
  'maintenanceTasks.created': 'maintenance',
  'maintenanceTasks.updated': 'maintenance',
  'maintenanceTasks.deleted': 'maintenance',
};
