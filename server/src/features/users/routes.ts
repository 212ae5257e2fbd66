import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../../../protocol/src/auth';
import { ADMIN_ROLE } from '../../../../protocol/src/roles';
import { idParamsSchema } from '../../../../protocol/src/common';
import { currentUser } from '../../plugins/auth';
import { deactivateUser, listPendingUsers } from './service';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/users/pending',
    { config: { access: { roles: [ADMIN_ROLE] } }, schema: { response: { 200: z.array(userSchema) } } },
    async (request) => listPendingUsers(currentUser(request).schoolId!),
  );

  r.post(
    '/api/admin/users/:id/deactivate',
    {
      config: { access: { roles: [ADMIN_ROLE] } },
      schema: { params: idParamsSchema, response: { 200: userSchema } },
    },
    async (request) => deactivateUser(currentUser(request), request.params.id, app.realtime),
  );
}
