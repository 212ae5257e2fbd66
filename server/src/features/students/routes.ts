import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { SCHOOL_ADMIN_ROLES } from '#protocol/roles';
import { studentDataSchema, studentErasureSchema, studentParamsSchema } from '#protocol/students';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { eraseStudentData, exportStudentData } from './service';

const admins = { access: { roles: SCHOOL_ADMIN_ROLES, scope: 'school' } } as const;
const schema = { querystring: schoolScopeQuerySchema, params: studentParamsSchema };

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/students/:name', { config: admins, schema: { ...schema, response: { 200: studentDataSchema } } }, async (request) =>
    exportStudentData(currentUser(request), schoolOf(request), request.params.name),
  );

  r.delete('/api/admin/students/:name', { config: admins, schema: { ...schema, response: { 200: studentErasureSchema } } }, async (request) =>
    eraseStudentData(currentUser(request), schoolOf(request), request.params.name, app.clock.now(), app.realtime),
  );
}
