import type { FastifyRequest } from 'fastify';
import { Schema, model, type Types } from 'mongoose';
import { ADMIN_ROLE, PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import { SECOND_FACTOR_TEXTS, type PlatformSecondFactorRule, type SecondFactorRule } from '#protocol/secondFactor';
import type { Config } from '../../config';
import { trusted } from '../../db/trusted';
import { conflict, forbidden, notFound } from '../../httpError';
import { audit } from '../audit/service';
import type { SecondStep } from '../auth/service';
import { PasskeyModel } from '../../core/accounts/passkeyModel';
import { School } from '../../core/accounts/schoolModel';
import { UserModel, type UserRecord } from '../../core/accounts/userModel';
import { endSessionsWithoutFactor } from '../../core/sessions/sessionEnds';
import type { Realtime } from '../../realtime/realtime';
import { TotpModel } from '../../core/accounts/totpModel';
import { beginSecondStep, hasTotp } from './service';
import { skipsCode } from './trustedDevices';

/**
 * Who must give a second factor (issue 33): an approved Admin of a school that requires it, and a
 * Plattformadministrator while the platform requires it. They sign in with a passkey, or with the
 * password and a code; the password alone gives them no session.
 */
const platformSettingSchema = new Schema({ _id: { type: String, required: true }, required: { type: Boolean, required: true } });
const PlatformSetting = model('PlatformSetting', platformSettingSchema);
const PLATFORM_KEY = 'secondFactor';

export async function platformRule(config: Config): Promise<PlatformSecondFactorRule> {
  const forced = config.platformSecondFactor.forced;
  if (forced !== undefined) return { required: forced, forced: true };
  const kept = await PlatformSetting.findById(PLATFORM_KEY).lean<{ required: boolean }>();
  return { required: kept?.required ?? config.platformSecondFactor.byDefault, forced: false };
}

export async function schoolRule(schoolId: Types.ObjectId): Promise<SecondFactorRule> {
  const school = await School.findById(schoolId, { requireSecondFactor: 1 }).lean<{ requireSecondFactor?: boolean }>();
  if (!school) throw notFound('Fant ikke skolen');
  return { required: school.requireSecondFactor === true };
}

/** Whether this account must give a second factor at sign-in. */
export async function secondFactorRequired(user: UserRecord, config: Config): Promise<boolean> {
  if (user.status !== 'approved') return false;
  if (user.role === PLATFORM_ADMIN_ROLE) return (await platformRule(config)).required;
  if (user.role === ADMIN_ROLE && user.schoolId) return (await schoolRule(user.schoolId)).required;
  return false;
}

/** The approved accounts a requirement covers (secondFactorRequired above). */
async function coveredUsers(filter: { role: string; schoolId?: Types.ObjectId }): Promise<Types.ObjectId[]> {
  const users = await UserModel.find({ ...filter, status: 'approved' }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
  return users.map((user) => user._id);
}

async function hasAnyFactor(userId: Types.ObjectId): Promise<boolean> {
  return (await PasskeyModel.exists({ userId })) !== null || (await TotpModel.exists({ userId, secret: trusted({ $ne: null }) })) !== null;
}

/**
 * The password was right: with an authenticator app, the code is asked for unless this device may skip it; required of an
 * account without one, refused: a passkey is the way in, or, with neither, the message says how to
 * get one set up (DECISIONS 'A second factor for those who see health data').
 */
export function secondStepFor(config: Config): SecondStep {
  return async (request: FastifyRequest, user: UserRecord) => {
    if (await hasTotp(user._id)) {
      // A device the person let skip the code (issue 44): the trust, made with a code, is the factor.
      if (await skipsCode(request, user, config)) return 'trustedDevice';
      await beginSecondStep(request, user);
      return 'codeAsked';
    }
    if (!(await secondFactorRequired(user, config))) return 'none';
    const platform = user.role === PLATFORM_ADMIN_ROLE;
    const hasPasskey = (await PasskeyModel.exists({ userId: user._id })) !== null;
    const text = platform
      ? hasPasskey
        ? SECOND_FACTOR_TEXTS.platformRequiresPasskey
        : SECOND_FACTOR_TEXTS.platformRequiresSetup
      : hasPasskey
        ? SECOND_FACTOR_TEXTS.schoolRequiresPasskey
        : SECOND_FACTOR_TEXTS.schoolRequiresSetup;
    throw forbidden(text, 'secondFactorSetupNeeded');
  };
}

/**
 * PUT /api/admin/second-factor: an Admin turning it on must have a factor already, not to be shut
 * out at once. Turned on, the sessions of the school's Admins signed in without a factor end (the
 * actor's too, if so): the next sign-in asks for one (issue 43).
 */
export async function setSchoolRule(
  actor: UserRecord,
  schoolId: Types.ObjectId,
  required: boolean,
  realtime: Realtime,
): Promise<SecondFactorRule> {
  if (required && actor.role === ADMIN_ROLE && !(await hasAnyFactor(actor._id))) throw conflict(SECOND_FACTOR_TEXTS.ownFirst);
  const updated = await School.updateOne({ _id: schoolId }, { $set: { requireSecondFactor: required } });
  const school = updated.matchedCount === 1 ? await School.findById(schoolId, { name: 1 }).lean<{ name: string }>() : null;
  if (!school) throw notFound('Fant ikke skolen');
  await audit(actor, 'settings.secondFactorChanged', {
    id: schoolId,
    name: school.name,
    schoolId,
    detail: required ? 'På for administratorer' : 'Av',
  });
  if (required) await endSessionsWithoutFactor(realtime, await coveredUsers({ role: ADMIN_ROLE, schoolId }), 'secondFactorRequired');
  return { required };
}

/** PUT /api/plattformadministrator/second-factor; turned on, as the school's above for the Plattformadministratorer. */
export async function setPlatformRule(
  actor: UserRecord,
  required: boolean,
  config: Config,
  realtime: Realtime,
): Promise<PlatformSecondFactorRule> {
  if (config.platformSecondFactor.forced !== undefined) throw conflict(SECOND_FACTOR_TEXTS.forcedByServer);
  if (required && !(await hasAnyFactor(actor._id))) throw conflict(SECOND_FACTOR_TEXTS.ownFirst);
  await PlatformSetting.updateOne({ _id: PLATFORM_KEY }, { $set: { required } }, { upsert: true });
  await audit(actor, 'settings.secondFactorChanged', {
    id: PLATFORM_KEY,
    name: 'Plattformen',
    schoolId: null,
    detail: required ? 'På for plattformadministratorer' : 'Av',
  });
  if (required) await endSessionsWithoutFactor(realtime, await coveredUsers({ role: PLATFORM_ADMIN_ROLE }), 'secondFactorRequired');
  return platformRule(config);
}
