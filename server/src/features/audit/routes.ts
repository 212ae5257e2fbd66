import type { FastifyInstance } from 'fastify';
import { Types } from 'mongoose';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntriesSchema, auditQuerySchema } from '#protocol/audit';
import { PLATFORM_ADMIN_ROLE, SCHOOL_ADMIN_ROLES } from '#protocol/roles';
import { schoolOf } from '../../plugins/schoolScope';
import { listAudit } from './service';

/** The audit trail, read only: an Admin their school's, the Plattformadministrator one school's or everyone's. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    { config: { access: { roles: SCHOOL_ADMIN_ROLES, scope: 'school' } }, schema: { querystring: auditQuerySchema, response: { 200: auditEntriesSchema } } },
    async (request) => listAudit(schoolOf(request), request.query),
  );

  r.get(
    '/api/plattformadministrator/audit',
    { config: { access: { roles: [PLATFORM_ADMIN_ROLE], scope: 'platform' } }, schema: { querystring: auditQuerySchema, response: { 200: auditEntriesSchema } } },
    async (request) => listAudit(request.query.schoolId ? new Types.ObjectId(request.query.schoolId) : null, request.query),
  );
}
