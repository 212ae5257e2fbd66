import type { FastifyInstance } from 'fastify';
import { Types } from 'mongoose';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorsQuerySchema, auditActorsSchema, auditEntriesSchema, auditQuerySchema } from '#protocol/audit';
import { POLICY } from '#protocol/policy';
import { schoolOf } from '../../plugins/schoolScope';
import { listAudit, listAuditActors } from './service';

/** The audit trail, read only: an Admin their school's, the Plattformadministrator one school's or everyone's. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    { config: { access: POLICY.audit.see }, schema: { querystring: auditQuerySchema, response: { 200: auditEntriesSchema } } },
    async (request) => listAudit(schoolOf(request), request.query),
  );

  r.get(
    '/api/admin/audit/actors',
    { config: { access: POLICY.audit.see }, schema: { querystring: auditActorsQuerySchema, response: { 200: auditActorsSchema } } },
    async (request) => listAuditActors(schoolOf(request)),
  );

  r.get(
    '/api/plattformadministrator/audit',
    { config: { access: POLICY.platform.see }, schema: { querystring: auditQuerySchema, response: { 200: auditEntriesSchema } } },
    async (request) => listAudit(request.query.schoolId ? new Types.ObjectId(request.query.schoolId) : null, request.query),
  );
}
