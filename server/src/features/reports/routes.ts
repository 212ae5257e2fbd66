import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#protocol/common';
import { deletedSchema } from '#protocol/platform';
import { schoolScopeQuerySchema } from '#protocol/classes';
import {
  myReportQuerySchema,
  myReportSchema,
  recentReportsSchema,
  reportSchema,
  saveMyReportBodySchema,
  taskRoundsSchema,
  tickTaskBodySchema,
  tickTaskParamsSchema,
  updateReportBodySchema,
} from '#protocol/reports';
import { POLICY } from '#protocol/policy';
import { reportDay } from '#protocol/time';
import { ifMatchHeadersSchema } from '#protocol/versions';
import { currentUser } from '../../plugins/auth';
import { namedVersion, withVersionTag } from '../../plugins/versions';
import { schoolOf } from '../../plugins/schoolScope';
import { taskRounds } from './rounds';
import { keepVersion } from './versions';
import { savedBy } from './versionRoutes';
import { onAwayChanged } from '../away/awayChanged';
import {
  deleteReport,
  getMyReport,
  getReport,
  recentReports,
  refreshAwayLists,
  saveMyReport,
  tickMyTask,
  updateReportContent,
} from './service';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.clock.now();
  // Who is away changed: the open day's reports list them anew (features/away).
  onAwayChanged('reports', refreshAwayLists);

  r.get(
    '/api/reports/my',
    { config: { access: POLICY.ownReport.see }, schema: { querystring: myReportQuerySchema, response: { 200: myReportSchema } } },
    async (request, reply) => withVersionTag(reply, await getMyReport(schoolOf(request), currentUser(request), request.query.date, now())),
  );

  r.put(
    '/api/reports/my',
    {
      config: { access: POLICY.ownReport.change },
      schema: { headers: ifMatchHeadersSchema, body: saveMyReportBodySchema, response: { 200: reportSchema } },
    },
    async (request, reply) => {
      const baseVersion = namedVersion(request, request.body.baseVersion);
      const saved = await saveMyReport(schoolOf(request), currentUser(request), request.body, baseVersion, now(), request.realtime);
      await keepVersion(schoolOf(request), saved, savedBy(request), now());
      return withVersionTag(reply, saved);
    },
  );

  r.put(
    '/api/reports/my/tasks/:taskId',
    {
      config: { access: POLICY.ownReport.change },
      schema: { params: tickTaskParamsSchema, body: tickTaskBodySchema, response: { 200: reportSchema } },
    },
    async (request) => tickMyTask(schoolOf(request), currentUser(request), request.params.taskId, request.body, now(), request.realtime),
  );

  r.get(
    '/api/reports/recent7',
    { config: { access: POLICY.reports.see }, schema: { querystring: schoolScopeQuerySchema, response: { 200: recentReportsSchema } } },
    // The serializer writes only the fields the schema names, and the cached list as written once.
    async (request) => recentReports(schoolOf(request), now()),
  );

  r.get(
    '/api/task-rounds',
    { config: { access: POLICY.taskRounds.see }, schema: { querystring: schoolScopeQuerySchema, response: { 200: taskRoundsSchema } } },
    async (request) => taskRounds(schoolOf(request), reportDay(now())),
  );

  r.get(
    '/api/reports/:id',
    {
      config: { access: POLICY.reports.see },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: reportSchema } },
    },
    async (request, reply) => withVersionTag(reply, await getReport(schoolOf(request), request.params.id, now())),
  );

  r.put(
    '/api/reports/:id',
    {
      config: { access: POLICY.reports.change },
      schema: {
        headers: ifMatchHeadersSchema,
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: updateReportBodySchema,
        response: { 200: reportSchema },
      },
    },
    async (request, reply) => {
      const baseVersion = namedVersion(request, request.body.baseVersion);
      const schoolId = schoolOf(request);
      const { id, content } = { id: request.params.id, content: request.body.content };
      const saved = await updateReportContent(currentUser(request), schoolId, id, content, baseVersion, now(), request.realtime);
      await keepVersion(schoolId, saved, savedBy(request), now());
      return withVersionTag(reply, saved);
    },
  );

  r.delete(
    '/api/reports/:id',
    {
      config: { access: POLICY.reports.change },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: deletedSchema } },
    },
    async (request) => deleteReport(currentUser(request), schoolOf(request), request.params.id, now(), request.realtime),
  );
}
