import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSchema } from '../../../../protocol/src/auth';
import { idParamsSchema } from '../../../../protocol/src/common';
import { deletedSchema } from '../../../../protocol/src/platform';
import { ADMIN_ROLE } from '../../../../protocol/src/roles';
import { roleChangeBodySchema, usersSchema } from '../../../../protocol/src/users';
import { currentUser } from '../../plugins/auth';
import { approveUser, changeUserRole, deactivateUser, deleteUser, rejectUser } from './adminActions';
import { listSchoolUsers } from './service';

// The users screen is for a school's Admin (spec §6); the Plattformadministrator manages users on the platform pages.
const adminOnly = { access: { roles: [ADMIN_ROLE] } } as const;

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: idParamsSchema, response: { 200: userSchema } };
  const gone = { params: idParamsSchema, response: { 200: deletedSchema } };

  r.get('/api/admin/users', { config: adminOnly, schema: { response: { 200: usersSchema } } }, async (request) =>
    listSchoolUsers(currentUser(request).schoolId!),
  );
  r.get('/api/admin/users/pending', { config: adminOnly, schema: { response: { 200: usersSchema } } }, async (request) =>
    listSchoolUsers(currentUser(request).schoolId!, 'pending'),
  );
  r.post('/api/admin/users/:id/approve', { config: adminOnly, schema: one }, async (request) =>
    approveUser(currentUser(request), request.params.id, app.realtime),
  );
  r.post('/api/admin/users/:id/reject', { config: adminOnly, schema: gone }, async (request) =>
    rejectUser(currentUser(request), request.params.id, app.realtime),
  );
  r.post('/api/admin/users/:id/deactivate', { config: adminOnly, schema: one }, async (request) =>
    deactivateUser(currentUser(request), request.params.id, app.realtime),
  );
  r.put('/api/admin/users/:id/role', { config: adminOnly, schema: { ...one, body: roleChangeBodySchema } }, async (request) =>
    changeUserRole(currentUser(request), request.params.id, request.body.role, app.realtime),
  );
  r.delete('/api/admin/users/:id', { config: adminOnly, schema: gone }, async (request) =>
    deleteUser(currentUser(request), request.params.id, app.realtime),
  );
}
