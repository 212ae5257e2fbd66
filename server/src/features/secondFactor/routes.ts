import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponseSchema } from '#protocol/auth';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import {
  disableTotpBodySchema,
  oneTimeCodeBodySchema,
  platformSecondFactorRuleSchema,
  recoveryCodesSchema,
  SECOND_FACTOR_TEXTS,
  secondFactorRuleBodySchema,
  secondFactorRuleSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '#protocol/secondFactor';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { confirmTotp, disableTotp, finishSecondStep, setupTotp, totpStatus } from './service';
import { mailFactorChange } from '../../core/accounts/factorChangeMail';
import { requireFreshProof } from '../../core/sessions/freshProof';
import { platformRule, schoolRule, setPlatformRule, setSchoolRule } from './requirement';
import { schoolOf } from '../../plugins/schoolScope';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { ACCOUNT_WINDOW_MS, codeAttempts } from '../auth/signInLimits';
import { secondStepBodySchema } from '#protocol/trustedDevices';
import { trustedDeviceRoutes } from './trustedDeviceRoutes';

/** Wrong codes when setting up or turning off, per user, before they wait out the window. */
const ACCOUNT_CODE_FAILURES = 5;

/** An authenticator app as a second factor (issue 33): set up and turned off on 'Min konto', its code at sign-in. */
export async function secondFactorRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };
  const signInLimiter = codeAttempts(app, config);
  const accountLimiter = app.attemptLimits.limiter('secondFactorSetup', ACCOUNT_CODE_FAILURES, ACCOUNT_WINDOW_MS);

  r.get(
    '/api/account/totp',
    { config: { access: POLICY.ownAccount.see }, schema: { response: { 200: totpStatusSchema } } },
    async (request) => totpStatus(currentUser(request)),
  );

  r.post(
    '/api/account/totp/setup',
    { config: { access: POLICY.ownAccount.change, rateLimit: perIp }, schema: { response: { 200: totpSetupSchema } } },
    async (request) => {
      requireFreshProof(request);
      return setupTotp(currentUser(request));
    },
  );

  r.post(
    '/api/account/totp/confirm',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: oneTimeCodeBodySchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => {
      // The recovery codes are answered here: seen only after a fresh proof too.
      requireFreshProof(request);
      const user = currentUser(request);
      const codes = await confirmTotp(user, request.body.code, accountLimiter, request.realtime);
      mailFactorChange(request, user, 'totpEnabled');
      return codes;
    },
  );

  r.post(
    '/api/account/totp/disable',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: disableTotpBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      requireFreshProof(request);
      const user = currentUser(request);
      await disableTotp(user, request.body.code, accountLimiter, request.realtime);
      mailFactorChange(request, user, 'totpDisabled');
      return { message: SECOND_FACTOR_TEXTS.turnedOff };
    },
  );

  r.post(
    '/api/auth/second-factor',
    { config: { access: 'public', rateLimit: perIp }, schema: { body: secondStepBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => finishSecondStep(request, reply, request.body, signInLimiter, config),
  );

  await app.register(trustedDeviceRoutes, { config });

  // The requirement: per school for its Admins, and for the platform's Plattformadministratorer.
  r.get(
    '/api/admin/second-factor',
    {
      config: { access: POLICY.signInRules.see },
      schema: { querystring: schoolScopeQuerySchema, response: { 200: secondFactorRuleSchema } },
    },
    async (request) => schoolRule(schoolOf(request)),
  );

  r.put(
    '/api/admin/second-factor',
    {
      config: { access: POLICY.signInRules.change },
      schema: { querystring: schoolScopeQuerySchema, body: secondFactorRuleBodySchema, response: { 200: secondFactorRuleSchema } },
    },
    async (request) => setSchoolRule(currentUser(request), schoolOf(request), request.body.required, request.realtime),
  );

  r.get(
    '/api/plattformadministrator/second-factor',
    { config: { access: POLICY.platform.see }, schema: { response: { 200: platformSecondFactorRuleSchema } } },
    async () => platformRule(config),
  );

  r.put(
    '/api/plattformadministrator/second-factor',
    {
      config: { access: POLICY.platform.change },
      schema: { body: secondFactorRuleBodySchema, response: { 200: platformSecondFactorRuleSchema } },
    },
    async (request) => setPlatformRule(currentUser(request), request.body.required, config, request.realtime),
  );
}
