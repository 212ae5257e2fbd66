import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '../../../../protocol/src/classes';
import { ROLES, SCHOOL_ADMIN_ROLES, type Role } from '../../../../protocol/src/roles';
import { addSickBodySchema, replaceSickBodySchema, sickQuerySchema, sickSchema } from '../../../../protocol/src/sickAndAway';
import { currentUser } from '../../plugins/auth';
import { resolveSchoolScope } from '../schoolScope';
import { addSick, getSick, replaceSick } from './service';

export async function sickRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { access: { roles: SCHOOL_ADMIN_ROLES } } as const;

  // Every approved member reads the sick list: the supervisors' board shows it.
  r.get(
    '/api/sick',
    { config: { access: { roles: ROLES } }, schema: { querystring: sickQuerySchema, response: { 200: sickSchema } } },
    async (request) => {
      const user = currentUser(request);
      return getSick(await resolveSchoolScope(user, request.query.schoolId), request.query.date, user.role as Role);
    },
  );

  r.post(
    '/api/sick/add',
    { config: admins, schema: { querystring: schoolScopeQuerySchema, body: addSickBodySchema, response: { 200: sickSchema } } },
    async (request) => {
      const schoolId = await resolveSchoolScope(currentUser(request), request.query.schoolId);
      const { date, name, comment } = request.body;
      return addSick(schoolId, date, { name, comment }, app.realtime);
    },
  );

  r.put(
    '/api/sick',
    { config: admins, schema: { querystring: schoolScopeQuerySchema, body: replaceSickBodySchema, response: { 200: sickSchema } } },
    async (request) => {
      const schoolId = await resolveSchoolScope(currentUser(request), request.query.schoolId);
      return replaceSick(schoolId, request.body.date, request.body.students, request.body.revision, app.realtime);
    },
  );
}
