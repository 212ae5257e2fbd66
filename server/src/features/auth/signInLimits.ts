import type { FastifyInstance } from 'fastify';
import type { Types } from 'mongoose';
import type { Config } from '../../config';
import type { AccountLimiter } from '../../core/accounts/accountLimiter';

/** The window of the per-account counts: from the first failure. */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

/**
 * The account's wrong passwords (LOGIN_LIMIT_PER_ACCOUNT in the window): at sign-in, and in the
 * proof an open session gives before its ways of signing in change (features/reauthentication), so
 * a stolen session gets no second set of guesses (issue 43).
 */
export const passwordAttempts = (app: FastifyInstance, config: Config): AccountLimiter =>
  app.attemptLimits.limiter('signIn', config.rateLimits.perAccount, ACCOUNT_WINDOW_MS);

/** The account's wrong codes from the authenticator app, as many: at sign-in's code step and in the proof. */
export const codeAttempts = (app: FastifyInstance, config: Config): AccountLimiter =>
  app.attemptLimits.limiter('secondFactorSignIn', config.rateLimits.perAccount, ACCOUNT_WINDOW_MS);

/** The key an account's wrong passwords count under from a device that has not signed in to it before: its address. */
export const accountPasswordKey = (email: string): string => email;

/** The key an account's wrong codes count under. */
export const accountCodeKey = (userId: Types.ObjectId): string => `code:${userId.toHexString()}`;
