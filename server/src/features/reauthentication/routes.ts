import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { POLICY } from '#protocol/policy';
import { reauthenticateBodySchema, reauthenticationSchema } from '#protocol/reauthentication';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { codeAttempts, passwordAttempts } from '../auth/signInLimits';
import { reauthenticateWithPassword } from './service';

/**
 * 'Bekreft at det er deg' (issue 43): the password (and the app's code where it is on) proves who
 * is asking in this session, for five minutes; the passkey variant is features/passkeys'.
 */
export async function reauthenticationRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };
  // The account's wrong passwords and codes count with sign-in's, in the same counters (issue 43).
  const limits = { password: passwordAttempts(app, config), code: codeAttempts(app, config) };

  r.post(
    '/api/account/reauthenticate',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: reauthenticateBodySchema, response: { 200: reauthenticationSchema } },
    },
    async (request) => reauthenticateWithPassword(request, currentUser(request), request.body, limits),
  );
}
