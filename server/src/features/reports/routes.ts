import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../protocol/src/common';
import { deletedSchema } from '../../../../protocol/src/platform';
import { schoolScopeQuerySchema } from '../../../../protocol/src/classes';
import {
  myReportQuerySchema,
  myReportSchema,
  recentReportsSchema,
  reportSchema,
  saveMyReportBodySchema,
  taskRoundsSchema,
  updateReportBodySchema,
} from '../../../../protocol/src/reports';
import { PLATFORM_ADMIN_ROLE, ROLES, SCHOOL_ADMIN_ROLES, SUPERVISOR_ROLE } from '../../../../protocol/src/roles';
import { reportDay } from '../../../../protocol/src/time';
import { currentUser } from '../../plugins/auth';
import { resolveSchoolScope } from '../schoolScope';
import { taskRounds } from './rounds';
import { deleteReport, getMyReport, getReport, recentReports, saveMyReport, updateReportContent } from './service';

const everyone = { access: { roles: ROLES } } as const;
const supervisorOnly = { access: { roles: [SUPERVISOR_ROLE] } } as const;
const schoolAdmins = { access: { roles: SCHOOL_ADMIN_ROLES } } as const;

/** Reports by id: one's own school, or any school for the Plattformadministrator. */
const reportScope = (request: FastifyRequest) => {
  const user = currentUser(request);
  return user.role === PLATFORM_ADMIN_ROLE ? null : user.schoolId!;
};

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.clock.now();

  r.get(
    '/api/reports/my',
    { config: supervisorOnly, schema: { querystring: myReportQuerySchema, response: { 200: myReportSchema } } },
    async (request) => getMyReport(currentUser(request), request.query.date, now()),
  );

  r.put(
    '/api/reports/my',
    { config: supervisorOnly, schema: { body: saveMyReportBodySchema, response: { 200: reportSchema } } },
    async (request) => saveMyReport(currentUser(request), request.body, now(), app.realtime),
  );

  r.get(
    '/api/reports/recent7',
    { config: everyone, schema: { querystring: schoolScopeQuerySchema, response: { 200: recentReportsSchema } } },
    async (request) => {
      const schoolId = await resolveSchoolScope(currentUser(request), request.query.schoolId);
      return (await recentReports(schoolId, now())).map(({ id, date, authorName, completedTasks, updatedAt }) => ({
        id,
        date,
        authorName,
        completedTasks,
        updatedAt,
      }));
    },
  );

  r.get(
    '/api/task-rounds',
    { config: everyone, schema: { querystring: schoolScopeQuerySchema, response: { 200: taskRoundsSchema } } },
    async (request) => taskRounds(await resolveSchoolScope(currentUser(request), request.query.schoolId), reportDay(now())),
  );

  r.get(
    '/api/reports/:id',
    { config: everyone, schema: { params: idParamsSchema, response: { 200: reportSchema } } },
    async (request) => getReport(reportScope(request), request.params.id, now()),
  );

  r.put(
    '/api/reports/:id',
    { config: schoolAdmins, schema: { params: idParamsSchema, body: updateReportBodySchema, response: { 200: reportSchema } } },
    async (request) =>
      updateReportContent(currentUser(request), reportScope(request), request.params.id, request.body.content, now(), app.realtime),
  );

  r.delete(
    '/api/reports/:id',
    { config: schoolAdmins, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => deleteReport(currentUser(request), reportScope(request), request.params.id, now(), app.realtime),
  );
}
