import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponseSchema } from '#protocol/auth';
import { messageSchema } from '#protocol/common';
import {
  addPasskeyBodySchema,
  PASSKEY_TEXTS,
  passkeyCreationOptionsSchema,
  passkeyLoginBodySchema,
  passkeyParamsSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeysSchema,
} from '#protocol/passkeys';
import { POLICY } from '#protocol/policy';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';
import { reauthenticationSchema } from '#protocol/reauthentication';
import { mailFactorChange } from '../../core/accounts/factorChangeMail';
import { requireFreshProof } from '../../core/sessions/freshProof';
import {
  addPasskey,
  listPasskeys,
  reauthenticateWithPasskey,
  reauthOptions,
  registrationOptions,
  removePasskey,
  signInOptions,
  signInWithPasskey,
} from './service';

const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** Passkeys (issue 33): the caller's own on 'Min konto', and sign-in with one on /login. */
export async function passkeyRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = { max: config.rateLimits.perIp, timeWindow: '1 minute' };
  const limiter = app.attemptLimits.limiter('passkeySignIn', config.rateLimits.perAccount, ACCOUNT_WINDOW_MS);

  r.get(
    '/api/account/passkeys',
    { config: { access: POLICY.ownAccount.see }, schema: { response: { 200: passkeysSchema } } },
    async (request) => listPasskeys(currentUser(request)),
  );

  r.post(
    '/api/account/passkeys/options',
    { config: { access: POLICY.ownAccount.change, rateLimit: perIp }, schema: { response: { 200: passkeyCreationOptionsSchema } } },
    async (request) => {
      requireFreshProof(request);
      return registrationOptions(request, currentUser(request), config);
    },
  );

  r.post(
    '/api/account/passkeys',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: addPasskeyBodySchema, response: { 201: passkeySchema } },
    },
    async (request, reply) => {
      requireFreshProof(request);
      const user = currentUser(request);
      const added = await addPasskey(request, user, request.body);
      mailFactorChange(request, user, 'passkeyAdded');
      return reply.status(201).send(added);
    },
  );

  r.delete(
    '/api/account/passkeys/:id',
    { config: { access: POLICY.ownAccount.change }, schema: { params: passkeyParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      requireFreshProof(request);
      const user = currentUser(request);
      await removePasskey(user, request.params.id, request.realtime);
      mailFactorChange(request, user, 'passkeyRemoved');
      return { message: PASSKEY_TEXTS.removed };
    },
  );

  // Proving who is asking with one of their own passkeys (issue 43): the sign-in ceremony, recorded on this session.
  r.post(
    '/api/account/reauthenticate/passkey/options',
    { config: { access: POLICY.ownAccount.change, rateLimit: perIp }, schema: { response: { 200: passkeyRequestOptionsSchema } } },
    async (request) => reauthOptions(request, currentUser(request), config),
  );

  r.post(
    '/api/account/reauthenticate/passkey',
    {
      config: { access: POLICY.ownAccount.change, rateLimit: perIp },
      schema: { body: passkeyLoginBodySchema, response: { 200: reauthenticationSchema } },
    },
    async (request) => reauthenticateWithPasskey(request, currentUser(request), request.body, limiter),
  );

  r.post(
    '/api/auth/passkey/options',
    { config: { access: 'public', rateLimit: perIp }, schema: { response: { 200: passkeyRequestOptionsSchema } } },
    async (request) => signInOptions(request, config),
  );

  r.post(
    '/api/auth/passkey/login',
    { config: { access: 'public', rateLimit: perIp }, schema: { body: passkeyLoginBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => signInWithPasskey(request, reply, request.body, limiter, config),
  );
}
