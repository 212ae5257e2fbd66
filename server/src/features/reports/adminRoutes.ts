import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportsSchema } from '#protocol/reports';
import { weekReportsQuerySchema, yearReportsQuerySchema, yearSummaryQuerySchema, yearSummarySchema } from '#protocol/reportRanges';
import { POLICY } from '#protocol/policy';
import { schoolOf } from '../../plugins/schoolScope';
import { reportsInRange, yearSummary } from './rangeService';

const archive = { access: POLICY.reportArchive.see };

/** The office's report pages: the week, the year, the year at a glance (spec §7; DECISIONS 'Weeks and exports'). */
export async function adminReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.clock.now();

  r.get(
    '/api/admin/reports/week',
    { config: archive, schema: { querystring: weekReportsQuerySchema, response: { 200: reportsSchema } } },
    async (request) => reportsInRange(schoolOf(request), request.query.start, request.query.end, now()),
  );

  r.get(
    '/api/admin/reports/year',
    { config: archive, schema: { querystring: yearReportsQuerySchema, response: { 200: reportsSchema } } },
    async (request) => reportsInRange(schoolOf(request), request.query.from, request.query.to, now()),
  );

  r.get(
    '/api/admin/reports/year-summary',
    { config: archive, schema: { querystring: yearSummaryQuerySchema, response: { 200: yearSummarySchema } } },
    async (request) => yearSummary(schoolOf(request), request.query.year, request.query.userId),
  );
}
