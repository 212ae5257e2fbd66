import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolOptionsSchema } from '#protocol/schools';
import { School } from '../../core/accounts/schoolModel';

export async function schoolRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the register screen lists the schools one can apply to.
  r.get('/api/schools', { config: { access: 'public' }, schema: { response: { 200: schoolOptionsSchema } } }, async () => {
    const schools = await School.find({ active: true }, { name: 1 }).sort({ nameKey: 1 }).lean();
    return schools.map((s) => ({ id: s._id.toHexString(), name: s.name }));
  });
}
