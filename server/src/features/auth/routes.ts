import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutQuerySchema,
  meResponseSchema,
  registerBodySchema,
} from '#protocol/auth';
import { messageSchema } from '#protocol/common';
import { logoutResponseSchema } from '#protocol/oidc';
import { POLICY } from '#protocol/policy';
import { TEXTS } from '#protocol/texts';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import * as auth from './service';
import { recordActivity } from './activity';
import { knownAddressMailer } from './knownAddressMail';
import { ACCOUNT_WINDOW_MS, passwordAttempts } from './signInLimits';

/** Wrong current passwords on change-password before that user waits out the window. */
const PASSWORD_CHANGE_FAILURES = 5;

type AuthRouteOptions = {
  config: Config;
  /** Where the browser goes to sign out at the OpenID provider too, for a session that came from one (features/oidc). */
  endSessionUrl?: (request: FastifyRequest) => Promise<string | undefined>;
  /** A code asked for before the session, for an account with an authenticator app (features/secondFactor). */
  secondStep?: auth.SecondStep;
};

export async function authRoutes(app: FastifyInstance, { config, endSessionUrl, secondStep }: AuthRouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = passwordAttempts(app, config);
  const passwordLimiter = app.attemptLimits.limiter('changePassword', PASSWORD_CHANGE_FAILURES, ACCOUNT_WINDOW_MS);
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };
  const mailKnownAddress = knownAddressMailer(app, config);

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => auth.login(request, reply, request.body, limiter, config, secondStep),
  );

  r.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { body: registerBodySchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const { answer, takenAddress } = await auth.register(request.body, request.realtime, app.push);
      if (takenAddress) mailKnownAddress(request, reply, takenAddress);
      return reply.status(201).send(answer);
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { querystring: logoutQuerySchema, response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      // Read before the session ends: it holds the ID token the provider's sign-out wants.
      const atProvider = await endSessionUrl?.(request);
      await auth.logout(request, reply, request.realtime, config, request.query.automatic !== '1');
      return { message: TEXTS.loggedOut, ...(atProvider ? { endSessionUrl: atProvider } : {}) };
    },
  );

  r.get('/api/auth/me', { config: { access: 'anyStatus' }, schema: { response: { 200: meResponseSchema } } }, async (request) =>
    auth.me(currentUser(request)),
  );

  // The person's activity (the client sends it at most once a minute): the idle limit counts from it.
  r.post('/api/auth/activity', { config: { access: 'anyStatus' }, schema: { response: { 200: messageSchema } } }, async (request) => {
    recordActivity(request);
    return { message: TEXTS.activityRecorded };
  });

  r.put(
    '/api/auth/change-password',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: changePasswordBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await auth.changePassword(request, currentUser(request), request.body, request.realtime, { own: passwordLimiter, signIn: limiter });
      return { message: TEXTS.passwordChanged };
    },
  );
}
