import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import {
  addRegisterStudentBodySchema,
  editRegisterStudentBodySchema,
  leaveRegisterBodySchema,
  linkProposalsSchema,
  linkResultSchema,
  registerEntriesSchema,
  registerQuerySchema,
  registerStudentSchema,
  registerStudentsSchema,
} from '#protocol/studentRegister';
import { countNoun } from '#protocol/counting';
import { tonightQuerySchema, tonightSchema } from '#protocol/tonight';
import { currentUser } from '../../plugins/auth';
import { tonightOf } from './tonight';
import { audit } from '../audit/service';
import { applyLinks, proposeLinks } from './linkOldEntries';
import { schoolOf } from '../../plugins/schoolScope';
import {
  addRegisterStudent,
  editRegisterStudent,
  leaveRegister,
  listRegisterEntries,
  listRegisterStudents,
  returnToRegister,
} from './service';

/** The register of the school's students (issue 46): not in the spec, beside its calls. */
export async function studentRegisterRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = { access: POLICY.register.change };

  // What the lists pick from and a night round needs: every reader of the register.
  r.get(
    '/api/register/entries',
    { config: { access: POLICY.register.see }, schema: { querystring: schoolScopeQuerySchema, response: { 200: registerEntriesSchema } } },
    async (request) => listRegisterEntries(schoolOf(request), app.clock.now()),
  );

  // Tonight's list (issue 47, its first part): who should be in the house(s) on a report day.
  r.get(
    '/api/register/tonight',
    { config: { access: POLICY.register.see }, schema: { querystring: tonightQuerySchema, response: { 200: tonightSchema } } },
    async (request) => tonightOf(schoolOf(request), request.query.date, request.query.house),
  );

  r.get(
    '/api/admin/register',
    {
      config: { access: POLICY.registerDetails.see },
      schema: { querystring: registerQuerySchema, response: { 200: registerStudentsSchema } },
    },
    async (request) => listRegisterStudents(schoolOf(request), app.clock.now(), request.query.includeLeft === 'true'),
  );

  r.post(
    '/api/admin/register/students',
    {
      config: change,
      schema: { querystring: schoolScopeQuerySchema, body: addRegisterStudentBodySchema, response: { 201: registerStudentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addRegisterStudent(currentUser(request), schoolOf(request), request.body, request.realtime, app.clock.now())),
  );

  r.put(
    '/api/admin/register/students/:id',
    {
      config: change,
      schema: {
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: editRegisterStudentBodySchema,
        response: { 200: registerStudentSchema },
      },
    },
    async (request) =>
      editRegisterStudent(currentUser(request), schoolOf(request), request.params.id, request.body, request.realtime, app.clock.now()),
  );

  r.post(
    '/api/admin/register/students/:id/leave',
    {
      config: change,
      schema: {
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: leaveRegisterBodySchema,
        response: { 200: registerStudentSchema },
      },
    },
    async (request) =>
      leaveRegister(currentUser(request), schoolOf(request), request.params.id, request.body.leftAt, request.realtime, app.clock.now()),
  );

  // Names on lists from before the register, proposed as its students by exact name; then linked.
  r.get(
    '/api/admin/register/links',
    {
      config: { access: POLICY.registerDetails.see },
      schema: { querystring: schoolScopeQuerySchema, response: { 200: linkProposalsSchema } },
    },
    async (request) => proposeLinks(schoolOf(request)),
  );

  r.post(
    '/api/admin/register/links',
    { config: change, schema: { querystring: schoolScopeQuerySchema, response: { 200: linkResultSchema } } },
    async (request) => {
      const linked = await applyLinks(schoolOf(request), request.realtime);
      if (linked > 0)
        await audit(currentUser(request), 'register.linked', {
          id: schoolOf(request),
          name: 'Elevregisteret',
          schoolId: schoolOf(request),
          detail: countNoun(linked, 'oppføring', 'oppføringer'),
        });
      return { linked };
    },
  );

  r.post(
    '/api/admin/register/students/:id/return',
    { config: change, schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: registerStudentSchema } } },
    async (request) => returnToRegister(currentUser(request), schoolOf(request), request.params.id, request.realtime, app.clock.now()),
  );
}
