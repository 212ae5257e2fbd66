import type { FastifyRequest } from 'fastify';
import { REAUTH_TEXTS, type ReauthenticateBody, type Reauthentication } from '#protocol/reauthentication';
import { SECOND_FACTOR_TEXTS } from '#protocol/secondFactor';
import { badRequest } from '../../httpError';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';
import { verifyPassword } from '../../core/accounts/passwords';
import { accountCodeKey, accountPasswordKey } from '../auth/signInLimits';
import { audit } from '../audit/service';
import { hasTotp, takeCode } from '../secondFactor/service';
import { normalizeEmail, type UserRecord } from '../../core/accounts/userModel';
import { recordProof } from '../../core/sessions/freshProof';

/** Recorded on the session and in the audit trail, with how it was made. */
export async function proven(request: FastifyRequest, user: UserRecord, how: string): Promise<Reauthentication> {
  const validUntil = recordProof(request);
  await audit(user, 'user.reauthenticated', { id: user._id, name: user.name, schoolId: user.schoolId, detail: how });
  return { message: REAUTH_TEXTS.confirmed, validUntil: validUntil.toISOString() };
}

/**
 * POST /api/account/reauthenticate: the password, and where the authenticator app is on, its code
 * (or a recovery code) too: the same proof a sign-in asks of this account. Wrong ones count in
 * sign-in's own counters (the password as from a device new to the account, the code as the code
 * step's), so an open session is no second set of guesses; a locked account is refused here too.
 */
export async function reauthenticateWithPassword(
  request: FastifyRequest,
  user: UserRecord,
  body: ReauthenticateBody,
  limits: { password: AccountLimiter; code: AccountLimiter },
): Promise<Reauthentication> {
  const passwordKey = accountPasswordKey(normalizeEmail(user.email));
  await limits.password.refuseIfBlocked(passwordKey);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await limits.password.record(passwordKey);
    throw badRequest(REAUTH_TEXTS.wrongPassword, 'invalidCredentials');
  }
  await limits.password.reset(passwordKey);
  if (!(await hasTotp(user._id))) return proven(request, user, 'Passord');
  if (!body.code) throw badRequest(REAUTH_TEXTS.codeNeeded, 'secondFactorRequired');
  const codeKey = accountCodeKey(user._id);
  await limits.code.refuseIfBlocked(codeKey);
  const taken = await takeCode(user, body.code);
  if (!taken) {
    await limits.code.record(codeKey);
    throw badRequest(SECOND_FACTOR_TEXTS.wrongCode, 'wrongCode');
  }
  await limits.code.reset(codeKey);
  return proven(request, user, taken === 'totp' ? 'Passord og kode fra autentiseringsappen' : 'Passord og gjenopprettingskode');
}
