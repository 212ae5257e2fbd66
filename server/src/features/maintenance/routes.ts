import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import {
  type CreateMaintenanceTaskBody,
  createMaintenanceTaskBodySchema,
  maintenanceListQuerySchema,
  maintenanceTaskSchema,
  maintenanceTasksSchema,
  rejectMaintenanceTaskBodySchema,
} from '#protocol/maintenance';
import { deletedSchema } from '#protocol/platform';
import { POLICY } from '#protocol/policy';
import { currentUser } from '../../plugins/auth';
import { idempotentDocumentId } from '../../plugins/idempotency';
import { schoolOf } from '../../plugins/schoolScope';
import { createTask, deleteTask, listOwnTasks, listTasks, reopenTask, resolveTask } from './service';

const BASE = '/api/maintenance-tasks';

export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A keyed request's case is stored under the id its key names: sent again, it is made once.
  const createKeyedTask = (request: FastifyRequest, body: CreateMaintenanceTaskBody) => {
    const schoolId = schoolOf(request);
    return createTask(schoolId, currentUser(request), body, request.realtime, app.push, idempotentDocumentId(request, schoolId));
  };
  const oneTask = { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: maintenanceTaskSchema } };

  // A supervisor sends a case from the board; it lands in their own school.
  r.post(
    `${BASE}/submit`,
    {
      config: { access: POLICY.maintenance.send, idempotent: true },
      schema: { body: createMaintenanceTaskBodySchema, response: { 201: maintenanceTaskSchema } },
    },
    async (request, reply) => reply.status(201).send(await createKeyedTask(request, request.body)),
  );

  r.post(
    BASE,
    {
      config: { access: POLICY.maintenance.change, idempotent: true },
      schema: { querystring: schoolScopeQuerySchema, body: createMaintenanceTaskBodySchema, response: { 201: maintenanceTaskSchema } },
    },
    async (request, reply) => reply.status(201).send(await createKeyedTask(request, request.body)),
  );

  r.get(
    BASE,
    {
      config: { access: POLICY.maintenance.see },
      schema: { querystring: maintenanceListQuerySchema, response: { 200: maintenanceTasksSchema } },
    },
    async (request) => listTasks(schoolOf(request), request.query.status),
  );

  // 'Mine saker': the cases the signed-in Tilsynsvakt sent, with who acted on them and why (issue 44).
  r.get(
    '/api/account/cases',
    { config: { access: POLICY.ownCases.see }, schema: { response: { 200: maintenanceTasksSchema } } },
    async (request) => {
      const user = currentUser(request);
      return user.schoolId ? listOwnTasks(user.schoolId, user._id) : [];
    },
  );

  r.put(`${BASE}/:id/complete`, { config: { access: POLICY.maintenance.change }, schema: oneTask }, async (request) =>
    resolveTask(schoolOf(request), request.params.id, 'completed', currentUser(request), app.clock.now(), request.realtime, app.push),
  );

  // The spec's call has no body; the app's may give a reason, shown to the sender.
  r.put(
    `${BASE}/:id/reject`,
    { config: { access: POLICY.maintenance.change }, schema: { ...oneTask, body: rejectMaintenanceTaskBodySchema } },
    async (request) =>
      resolveTask(
        schoolOf(request),
        request.params.id,
        'rejected',
        currentUser(request),
        app.clock.now(),
        request.realtime,
        app.push,
        request.body?.reason,
      ),
  );

  // A case from the archive back among the pending ones, by those who work the cases (docs/decisions.md, issue 44).
  r.put(`${BASE}/:id/reopen`, { config: { access: POLICY.maintenance.change }, schema: oneTask }, async (request) =>
    reopenTask(schoolOf(request), request.params.id, currentUser(request), app.clock.now(), request.realtime),
  );

  r.delete(
    `${BASE}/:id`,
    {
      config: { access: POLICY.maintenance.change },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: deletedSchema } },
    },
    async (request) => deleteTask(schoolOf(request), request.params.id, currentUser(request), request.realtime, app.push),
  );
}
