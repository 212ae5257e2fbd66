import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../../../protocol/src/roles';
import { sickQuerySchema, sickSchema } from '../../../../protocol/src/sickAndAway';
import { currentUser } from '../../plugins/auth';
import { resolveSchoolScope } from '../schoolScope';
import { getSick } from './service';

export async function sickRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sick',
    { config: { access: { roles: ROLES } }, schema: { querystring: sickQuerySchema, response: { 200: sickSchema } } },
    async (request) => getSick(await resolveSchoolScope(currentUser(request), request.query.schoolId), request.query.date),
  );
}
