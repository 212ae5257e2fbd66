import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSchema } from '#protocol/auth';
import { idParamsSchema } from '#protocol/common';
import { deletedSchema } from '#protocol/platform';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { POLICY } from '#protocol/policy';
import { roleChangeBodySchema, usersSchema } from '#protocol/users';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { approveUser, changeUserRole, deactivateUser, deleteUser, reactivateUser, rejectUser } from './adminActions';
import { listSchoolUsers } from './service';

// The users screen (spec §2.5): a school's Admin, and the Plattformadministrator on the school they chose.
const seen = { access: POLICY.users.see };
const changed = { access: POLICY.users.change };

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: userSchema } };
  const gone = { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: deletedSchema } };
  const list = { querystring: schoolScopeQuerySchema, response: { 200: usersSchema } };

  r.get('/api/admin/users', { config: seen, schema: list }, async (request) => listSchoolUsers(schoolOf(request)));
  r.get('/api/admin/users/pending', { config: seen, schema: list }, async (request) => listSchoolUsers(schoolOf(request), 'pending'));
  r.post('/api/admin/users/:id/approve', { config: changed, schema: one }, async (request) =>
    approveUser(currentUser(request), schoolOf(request), request.params.id, request.realtime),
  );
  r.post('/api/admin/users/:id/reject', { config: changed, schema: gone }, async (request) =>
    rejectUser(currentUser(request), schoolOf(request), request.params.id, request.realtime),
  );
  r.post('/api/admin/users/:id/deactivate', { config: changed, schema: one }, async (request) =>
    deactivateUser(currentUser(request), schoolOf(request), request.params.id, request.realtime),
  );
  // Not in the spec: the school's Admin undoes a deactivation (issue 45).
  r.post('/api/admin/users/:id/reactivate', { config: changed, schema: one }, async (request) =>
    reactivateUser(currentUser(request), schoolOf(request), request.params.id, request.realtime),
  );
  r.put('/api/admin/users/:id/role', { config: changed, schema: { ...one, body: roleChangeBodySchema } }, async (request) =>
    changeUserRole(currentUser(request), schoolOf(request), request.params.id, request.body.role, request.realtime),
  );
  r.delete('/api/admin/users/:id', { config: changed, schema: gone }, async (request) =>
    deleteUser(currentUser(request), schoolOf(request), request.params.id, request.realtime),
  );
}
