import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { POLICY } from '#protocol/policy';
import type { Role } from '#protocol/roles';
import { addSickBodySchema, replaceSickBodySchema, sickQuerySchema, sickSchema } from '#protocol/sick';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { addSick, getSick, replaceSick } from './service';

export async function sickRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { access: POLICY.sickList.change };

  // Every approved member reads the sick list: the supervisors' board shows it.
  r.get(
    '/api/sick',
    { config: { access: POLICY.sickList.see }, schema: { querystring: sickQuerySchema, response: { 200: sickSchema } } },
    async (request) => getSick(schoolOf(request), request.query.date, currentUser(request).role as Role),
  );

  r.post(
    '/api/sick/add',
    { config: admins, schema: { querystring: schoolScopeQuerySchema, body: addSickBodySchema, response: { 200: sickSchema } } },
    async (request) => {
      const { date, name, comment, studentId } = request.body;
      return addSick(currentUser(request), schoolOf(request), date, { name, comment, studentId }, request.realtime);
    },
  );

  r.put(
    '/api/sick',
    { config: admins, schema: { querystring: schoolScopeQuerySchema, body: replaceSickBodySchema, response: { 200: sickSchema } } },
    async (request) =>
      replaceSick(
        currentUser(request),
        schoolOf(request),
        request.body.date,
        request.body.students,
        request.body.revision,
        request.realtime,
      ),
  );
}
