import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { studentDataSchema, studentErasureSchema, studentParamsSchema } from '#protocol/students';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { eraseStudentData, exportStudentData, recordStudentDownload } from './service';

const schema = { querystring: schoolScopeQuerySchema, params: studentParamsSchema };

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A lookup: writes nothing, so no link from another site can make it leave a trace.
  r.get(
    '/api/admin/students/:name',
    { config: { access: POLICY.students.see }, schema: { ...schema, response: { 200: studentDataSchema } } },
    async (request) => exportStudentData(schoolOf(request), request.params.name, app.clock.now()),
  );

  // The download of what was looked up, recorded in the trail (the client posts it as the file is saved).
  r.post(
    '/api/admin/students/downloads',
    { config: { access: POLICY.students.change }, schema: { querystring: schoolScopeQuerySchema, response: { 200: messageSchema } } },
    async (request) => {
      await recordStudentDownload(currentUser(request), schoolOf(request));
      return { message: 'Nedlastingen er registrert' };
    },
  );

  r.delete(
    '/api/admin/students/:name',
    { config: { access: POLICY.students.change }, schema: { ...schema, response: { 200: studentErasureSchema } } },
    async (request) => eraseStudentData(currentUser(request), schoolOf(request), request.params.name, app.clock.now(), request.realtime),
  );
}
