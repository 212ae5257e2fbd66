import type { FastifyRequest } from 'fastify';
import { REAUTH_TEXTS, type ReauthenticateBody, type Reauthentication } from '#protocol/reauthentication';
import { SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { badRequest } from '../../httpError';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';
import { verifyPassword } from '../../core/accounts/passwords';
import { audit } from '../audit/service';
import { hasTotp, takeCode } from '../secondFactor/service';
import type { UserRecord } from '../../core/accounts/userModel';
import { recordProof } from '../../core/sessions/freshProof';

/** The key an account's wrong passwords and codes count under here, as sign-in counts an unknown device's: the address. */
export const accountKey = (user: Pick<UserRecord, 'email'>) => `reauth:${user.email}`;

/** Recorded on the session and in the audit trail, with how it was made. */
export async function proven(request: FastifyRequest, user: UserRecord, how: string): Promise<Reauthentication> {
  const validUntil = recordProof(request);
  await audit(user, 'user.reauthenticated', { id: user._id, name: user.name, schoolId: user.schoolId, detail: how });
  return { message: REAUTH_TEXTS.confirmed, validUntil: validUntil.toISOString() };
}

/**
 * POST /api/account/reauthenticate: the password, and where the authenticator app is on, its code
 * (or a recovery code) too: the same proof a sign-in asks of this account. Wrong ones count against
 * the account's attempt limit.
 */
export async function reauthenticateWithPassword(
  request: FastifyRequest,
  user: UserRecord,
  body: ReauthenticateBody,
  limiter: AccountLimiter,
): Promise<Reauthentication> {
  const key = accountKey(user);
  await limiter.refuseIfBlocked(key);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await limiter.record(key);
    throw badRequest(REAUTH_TEXTS.wrongPassword, 'invalidCredentials');
  }
  if (await hasTotp(user._id)) {
    if (!body.code) throw badRequest(REAUTH_TEXTS.codeNeeded, 'secondFactorRequired');
    const taken = await takeCode(user, body.code);
    if (!taken) {
      await limiter.record(key);
      throw badRequest(SECOND_FACTOR_TEXTS.wrongCode, 'wrongCode');
    }
    await limiter.reset(key);
    return proven(request, user, taken === 'totp' ? 'Passord og kode fra kodeappen' : 'Passord og gjenopprettingskode');
  }
  await limiter.reset(key);
  return proven(request, user, 'Passord');
}
