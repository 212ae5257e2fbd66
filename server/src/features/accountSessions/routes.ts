import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_SESSION_TEXTS, accountSessionParamsSchema, accountSessionsSchema } from '#protocol/accountSessions';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { currentUser } from '../../plugins/auth';
import { endOwnSession, listOwnSessions } from './service';

/** 'Innlogginger' on Min konto (issue 43): the caller's own sessions, and ending any other one. */
export async function accountSessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/account/sessions',
    { config: { access: POLICY.ownAccount.see }, schema: { response: { 200: accountSessionsSchema } } },
    async (request) => listOwnSessions(request, currentUser(request)),
  );

  r.delete(
    '/api/account/sessions/:id',
    { config: { access: POLICY.ownAccount.change }, schema: { params: accountSessionParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await endOwnSession(request, currentUser(request), request.params.id, request.realtime);
      return { message: ACCOUNT_SESSION_TEXTS.ended };
    },
  );
}
