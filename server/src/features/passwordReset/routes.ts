import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema, messageSchema } from '#protocol/common';
import {
  forgotPasswordBodySchema,
  PASSWORD_RESET_TEXTS,
  passwordResetBodySchema,
  passwordResetLinkSchema,
  passwordResetOptionsSchema,
} from '#protocol/passwordReset';
import { POLICY } from '#protocol/policy';
import type { Config } from '../../config';
import { conflict } from '../../httpError';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { normalizeEmail } from '../../core/accounts/userModel';
import { ResetMailer } from './mailer';
import { mailFactorChange } from '../../core/accounts/factorChangeMail';
import { linkOrigin, mailResetLink, makeResetLink, resetPassword } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset mails under way (null without SMTP_URL): tests wait for them with idle(). */
    resetMailer: ResetMailer | null;
  }
}

const HOUR_MS = 3_600_000;
/** 'Glemt passord?' per address and per IP address, each an hour. */
export const FORGOT_PER_ADDRESS = 3;
export const FORGOT_PER_IP = 10;

/**
 * A forgotten password (issue 33): the Admin's link, the link used, and the link by e-mail. Not
 * encapsulated (fastify-plugin), so the app itself holds the mailer its tests wait for.
 */
export const passwordResetRoutes = fp(resetRoutes, { name: 'passwordReset' });

async function resetRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailer = config.mail ? new ResetMailer(config.mail.smtpUrl, config.mail.from, app.log) : null;
  app.decorate('resetMailer', mailer);
  app.addHook('onClose', async () => {
    await mailer?.idle();
    mailer?.close();
  });
  const perAddress = app.attemptLimits.limiter('forgotPassword', FORGOT_PER_ADDRESS, HOUR_MS);

  r.post(
    '/api/admin/users/:id/password-reset-link',
    {
      config: { access: POLICY.users.change },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 201: passwordResetLinkSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await makeResetLink(currentUser(request), schoolOf(request), request.params.id, linkOrigin(request, config))),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: config.rateLimits.perIp, timeWindow: '1 minute' } },
      schema: { body: passwordResetBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const done = await resetPassword(request.body, request.realtime);
      if (done.factorsRemoved) mailFactorChange(request, done, 'factorsRemoved');
      return { message: PASSWORD_RESET_TEXTS.done };
    },
  );

  r.get(
    '/api/auth/forgot-password',
    { config: { access: 'public' }, schema: { response: { 200: passwordResetOptionsSchema } } },
    async () => ({ byMail: mailer !== null }),
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: FORGOT_PER_IP, timeWindow: '1 hour' } },
      schema: { body: forgotPasswordBodySchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      if (!mailer) throw conflict(PASSWORD_RESET_TEXTS.mailNotConfigured);
      const email = normalizeEmail(request.body.email);
      await perAddress.refuseIfBlocked(email);
      await perAddress.record(email);
      // Nothing is read before the answer: it is the same, and as quick, for any address.
      const origin = linkOrigin(request, config);
      reply.raw.once('close', () => mailer.later(() => mailResetLink(email, origin, mailer)));
      return reply.status(202).send({ message: PASSWORD_RESET_TEXTS.mailRequested });
    },
  );
}
