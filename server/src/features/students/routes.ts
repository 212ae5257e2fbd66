import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { messageSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { studentDataSchema, studentErasureSchema, studentParamsSchema, studentPdfQuerySchema } from '#protocol/students';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { attachment } from '../exports/fileName';
import { eraseStudentData, exportStudentData, recordStudentDownload, studentPdfFile } from './service';

const schema = { querystring: schoolScopeQuerySchema, params: studentParamsSchema };

export async function studentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A lookup: writes nothing, so no link from another site can make it leave a trace.
  r.get(
    '/api/admin/students/:name',
    { config: { access: POLICY.students.see }, schema: { ...schema, response: { 200: studentDataSchema } } },
    async (request) => exportStudentData(schoolOf(request), request.params.name, app.clock.now()),
  );

  // The same as a PDF for a parent (issue 45), with the possible matches the office chose. A
  // download, like the JSON: the client records it in the trail as it is saved.
  r.get(
    '/api/admin/students/:name/pdf',
    { config: { access: POLICY.students.see }, schema: { querystring: studentPdfQuerySchema, params: studentParamsSchema } },
    async (request, reply) => {
      const { name } = request.params;
      const file = await studentPdfFile(schoolOf(request), name, request.query.reportIds, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(`Elevopplysninger ${name} ${file.day}.pdf`))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
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
