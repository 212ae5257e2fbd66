import type { Types } from 'mongoose';
import { EVACUATION_TEXTS, type Evacuee } from '#protocol/evacuations';
import { compareNames } from '#protocol/collation';
import { ADMIN_ROLE, CARETAKER_ROLE, SUPERVISOR_ROLE } from '#protocol/roles';
import { registerName } from '#protocol/studentRegister';
import { trusted } from '../../db/trusted';
import { UserModel } from '../../core/accounts/userModel';
import { SessionModel } from '../../core/sessions/sessionModel';
import { tonightOf } from '../studentRegister/tonight';

/**
 * Who should be on the premises now: tonight's boarders of every house (the sick in their rooms
 * too), and for completeness the school's staff signed in (a session that has not ended).
 */
export async function peopleOnThePremises(schoolId: Types.ObjectId, date: string, now: Date): Promise<Evacuee[]> {
  const [tonight, staff] = await Promise.all([tonightOf(schoolId, date, undefined), staffSignedIn(schoolId, now)]);
  const students = tonight.houses.flatMap((house) =>
    house.rooms.flatMap((room) =>
      room.students.map((s): Evacuee => ({ id: s.id, name: registerName(s), kind: 'student', house: house.house, room: room.room })),
    ),
  );
  return [...students, ...staff];
}

async function staffSignedIn(schoolId: Types.ObjectId, now: Date): Promise<Evacuee[]> {
  const users = await UserModel.find(
    { schoolId, status: 'approved', role: trusted({ $in: [ADMIN_ROLE, SUPERVISOR_ROLE, CARETAKER_ROLE] }) },
    { name: 1 },
  ).lean<Array<{ _id: Types.ObjectId; name: string }>>();
  if (users.length === 0) return [];
  const signedIn = new Set(
    (
      await SessionModel.find({ userId: trusted({ $in: users.map((u) => u._id) }), expiresAt: trusted({ $gt: now }) }, { userId: 1 }).lean()
    ).map((session) => String(session.userId)),
  );
  return users
    .filter((user) => signedIn.has(user._id.toHexString()))
    .sort((a, b) => compareNames(a.name, b.name))
    .map((user) => ({ id: user._id.toHexString(), name: user.name, kind: 'staff', house: EVACUATION_TEXTS.staffHouse, room: '' }));
}
