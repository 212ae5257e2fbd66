import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classesSchema, classSchema, createClassBodySchema, renameClassBodySchema, schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import { deletedSchema } from '#protocol/platform';
import { POLICY } from '#protocol/policy';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { createClass, deleteClass, listClasses, renameClass } from './service';

export async function classRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/classes',
    { config: { access: POLICY.classes.see }, schema: { querystring: schoolScopeQuerySchema, response: { 200: classesSchema } } },
    async (request) => listClasses(schoolOf(request)),
  );

  r.post(
    '/api/admin/classes',
    {
      config: { access: POLICY.classes.change },
      schema: { querystring: schoolScopeQuerySchema, body: createClassBodySchema, response: { 201: classSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createClass(currentUser(request), schoolOf(request), request.body.className, request.realtime)),
  );

  // Not in the spec: a class can be renamed (issue 45).
  r.put(
    '/api/admin/classes/:id',
    {
      config: { access: POLICY.classes.change },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, body: renameClassBodySchema, response: { 200: classSchema } },
    },
    async (request) => renameClass(currentUser(request), schoolOf(request), request.params.id, request.body.className, request.realtime),
  );

  r.delete(
    '/api/admin/classes/:id',
    {
      config: { access: POLICY.classes.change },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: deletedSchema } },
    },
    async (request) => deleteClass(currentUser(request), schoolOf(request), request.params.id, request.realtime, app.clock.now()),
  );
}
