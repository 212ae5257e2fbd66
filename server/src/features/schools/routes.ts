import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolOptionsSchema } from '#protocol/schools';
import { listActiveSchools } from '../../core/accounts/activeSchools';

export async function schoolRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the register screen lists the schools one can apply to.
  r.get('/api/schools', { config: { access: 'public' }, schema: { response: { 200: schoolOptionsSchema } } }, async () => {
    const schools = await listActiveSchools();
    return schools.map((s) => ({ id: s._id.toHexString(), name: s.name }));
  });
}
