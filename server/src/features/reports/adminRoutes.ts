import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportsSchema } from '../../../../protocol/src/reports';
import { weekReportsQuerySchema, yearReportsQuerySchema, yearSummaryQuerySchema, yearSummarySchema } from '../../../../protocol/src/reportRanges';
import { SCHOOL_ADMIN_ROLES } from '../../../../protocol/src/roles';
import { currentUser } from '../../plugins/auth';
import { resolveSchoolScope } from '../schoolScope';
import { reportsInRange, yearSummary } from './rangeService';

const schoolAdmins = { access: { roles: SCHOOL_ADMIN_ROLES } } as const;

/** The office's report pages: the week, the year, the year at a glance (spec §7; DECISIONS 'Weeks and exports'). */
export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.clock.now();

  r.get(
    '/api/admin/reports/week',
    { config: schoolAdmins, schema: { querystring: weekReportsQuerySchema, response: { 200: reportsSchema } } },
    async (request) => {
      const { start, end, schoolId } = request.query;
      return reportsInRange(await resolveSchoolScope(currentUser(request), schoolId), start, end, now());
    },
  );

  r.get(
    '/api/admin/reports/year',
    { config: schoolAdmins, schema: { querystring: yearReportsQuerySchema, response: { 200: reportsSchema } } },
    async (request) => {
      const { from, to, schoolId } = request.query;
      return reportsInRange(await resolveSchoolScope(currentUser(request), schoolId), from, to, now());
    },
  );

  r.get(
    '/api/admin/reports/year-summary',
    { config: schoolAdmins, schema: { querystring: yearSummaryQuerySchema, response: { 200: yearSummarySchema } } },
    async (request) => yearSummary(await resolveSchoolScope(currentUser(request), request.query.schoolId), request.query.year),
  );
}
