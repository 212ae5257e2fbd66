import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../../../protocol/src/roles';
import { awayQuerySchema, awaySchema } from '../../../../protocol/src/sickAndAway';
import { currentUser } from '../../plugins/auth';
import { resolveSchoolScope } from '../schoolScope';
import { getAway } from './service';

export async function awayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/away',
    { config: { access: { roles: ROLES } }, schema: { querystring: awayQuerySchema, response: { 200: awaySchema } } },
    async (request) => getAway(await resolveSchoolScope(currentUser(request), request.query.schoolId), request.query.activeOn),
  );
}
