import { onProviderSignInCoded } from '../secondFactor/service';
import { completeOidcSignInAfterCode } from './completion';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponseSchema, userSchema } from '#protocol/auth';
import { schoolScopeQuerySchema } from '#protocol/classes';
import {
  identityParamsSchema,
  oidcProviderParamsSchema,
  oidcProvidersSchema,
  oidcRegisterBodySchema,
  oidcRegistrationSchema,
} from '#protocol/oidc';
import { POLICY } from '#protocol/policy';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { unlinkIdentity } from './identities';
import type { OidcProviders } from './providers';
import { finishSignIn, mustFind, registerIdentity, registrationInfo, startSignIn } from './service';

/** A redirect's answer: no body, a Location header. */
const redirect = { 302: z.null().describe('Videre til innloggingstjenesten eller tilbake til appen (Location)') };

/** Sign-in with OpenID Connect (issue 33): the providers, the flow's two ends, an unknown identity's registration, and the Admin's unlinking. */
export async function oidcRoutes(app: FastifyInstance, { config, providers }: { config: Config; providers: OidcProviders }): Promise<void> {
  onProviderSignInCoded(completeOidcSignInAfterCode);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };

  r.get('/api/auth/providers', { config: { access: 'public' }, schema: { response: { 200: oidcProvidersSchema } } }, async () =>
    providers.list(),
  );

  r.get(
    '/api/auth/oidc/:id/start',
    { config: { access: 'public', rateLimit: perIp }, schema: { params: oidcProviderParamsSchema, response: redirect } },
    async (request, reply) => {
      const provider = mustFind(providers, request.params.id);
      return reply.redirect(await startSignIn(request, provider, config));
    },
  );

  r.get(
    '/api/auth/oidc/:id/callback',
    { config: { access: 'public', rateLimit: perIp }, schema: { params: oidcProviderParamsSchema, response: redirect } },
    async (request, reply) => {
      const provider = mustFind(providers, request.params.id);
      return reply.redirect(await finishSignIn(request, reply, provider, { config, realtime: request.realtime }));
    },
  );

  r.get(
    '/api/auth/oidc/registration',
    { config: { access: 'public', rateLimit: perIp }, schema: { response: { 200: oidcRegistrationSchema } } },
    async (request) => registrationInfo(request, providers),
  );

  r.post(
    '/api/auth/oidc/registration',
    { config: { access: 'public', rateLimit: perIp }, schema: { body: oidcRegisterBodySchema, response: { 201: loginResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await registerIdentity(request, reply, request.body, { config, realtime: request.realtime, push: app.push, providers })),
  );

  r.delete(
    '/api/admin/users/:id/identities/:providerId',
    {
      config: { access: POLICY.users.change },
      schema: { params: identityParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: userSchema } },
    },
    async (request) =>
      unlinkIdentity(currentUser(request), schoolOf(request), request.params.id, request.params.providerId, request.realtime),
  );
}
