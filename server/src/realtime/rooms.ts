import type { ServerEventName } from '#protocol/events';
import { EVENT_DATA, POLICY, type DataEvent, type Grant, type SeenKind } from '#protocol/policy';
import { PLATFORM_ADMIN_ROLE, type Role, type UserStatus } from '#protocol/roles';

/** Socket.IO room names. The school and user ids always come from the session, never the client. */
export const rooms = {
  school: (schoolId: string) => `school:${schoolId}`,
  /** Admin-only data (e.g. users awaiting approval) goes to the school's admins, not to every member. */
  schoolAdmins: (schoolId: string) => `school-admins:${schoolId}`,
  /** Admins and caretakers of a school: maintenance cases go to them only. */
  schoolMaintenance: (schoolId: string) => `school-maintenance:${schoolId}`,
  /** Those who read the school's register of students (issue 46): not its Vaktmestere. */
  schoolRegister: (schoolId: string) => `school-register:${schoolId}`,
  /** Members who may not read health data (sick comments): they get those events without it. */
  schoolRedacted: (schoolId: string) => `school-redacted:${schoolId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  platform: 'platform',
} as const;

type SchoolRoom = 'school' | 'schoolAdmins' | 'schoolMaintenance' | 'schoolRegister';

/**
 * Who of a school is in each of its rooms: the roles that see one kind of data (the policy table).
 * The Plattformadministrator is a member of no school: they hear every school in the platform room.
 */
const SCHOOL_ROOM_AUDIENCE: Record<SchoolRoom, Grant> = {
  school: POLICY.away.see,
  schoolAdmins: POLICY.users.see,
  schoolMaintenance: POLICY.maintenance.see,
  schoolRegister: POLICY.register.see,
};

const schoolMembersOf = (grant: Grant): Role[] => grant.roles.filter((role) => role !== PLATFORM_ADMIN_ROLE);
const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

/** Roles that see the sick list but not its comments (health data): their events come without them. */
export const REDACTED_SICK_ROLES = POLICY.sickList.see.roles.filter((role) => !POLICY.sickComments.see.roles.includes(role));

/** The school room of each kind of data an event carries: the one whose members are exactly the roles that see it. */
function schoolRoomOf(kind: SeenKind): SchoolRoom {
  const audience = schoolMembersOf(POLICY[kind].see);
  const room = (Object.keys(SCHOOL_ROOM_AUDIENCE) as SchoolRoom[]).find((r) =>
    sameRoles(schoolMembersOf(SCHOOL_ROOM_AUDIENCE[r]), audience),
  );
  if (!room) throw new Error(`No school room holds exactly the roles that see ${kind}: add one to SCHOOL_ROOM_AUDIENCE`);
  return room;
}

const SCHOOL_ROOM_OF_EVENT = Object.fromEntries(
  Object.entries(EVENT_DATA)
    .filter(([, kind]) => POLICY[kind].see.scope === 'school')
    .map(([event, kind]) => [event, schoolRoomOf(kind)]),
) as Partial<Record<ServerEventName, SchoolRoom>>;

/** The rooms an event about these schools goes to: those of the roles that see its kind of data. */
export function eventRooms(event: DataEvent, ...schoolIds: string[]): string[] {
  const grant: Grant = POLICY[EVENT_DATA[event]].see;
  const room = SCHOOL_ROOM_OF_EVENT[event];
  const platform = grant.roles.includes(PLATFORM_ADMIN_ROLE) ? [rooms.platform] : [];
  return [...platform, ...(room ? schoolIds.map((id) => rooms[room](id)) : [])];
}

/** The signed-in user a socket is opened for, as the session says. */
export type SocketUser = { id: string; role: Role; status: UserStatus; schoolId: string | null };

/** The rooms a user's socket belongs in: their own, their session's, and those of the data their role sees. */
export function roomsOf(user: SocketUser, sessionId: string): string[] {
  const joined = [rooms.user(user.id), rooms.session(sessionId)];
  // A user waiting for approval (or deactivated) hears only about their own account.
  if (user.status !== 'approved') return joined;
  if (POLICY.platform.see.roles.includes(user.role)) joined.push(rooms.platform);
  const schoolId = user.schoolId;
  if (!schoolId) return joined;
  for (const room of Object.keys(SCHOOL_ROOM_AUDIENCE) as SchoolRoom[]) {
    if (schoolMembersOf(SCHOOL_ROOM_AUDIENCE[room]).includes(user.role)) joined.push(rooms[room](schoolId));
  }
  if (REDACTED_SICK_ROLES.includes(user.role)) joined.push(rooms.schoolRedacted(schoolId));
  return joined;
}
