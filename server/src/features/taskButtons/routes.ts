import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { POLICY } from '#protocol/policy';
import { schoolIdParamsSchema, tasksConfigBodySchema, tasksConfigSchema } from '#protocol/taskButtons';
import { schoolOf } from '../../plugins/schoolScope';
import { getTasksConfig, saveTaskButtons } from './service';

export async function taskButtonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every approved member of the school reads the buttons: the supervisor board shows them.
  r.get(
    '/api/tasks-config/:schoolId',
    { config: { access: POLICY.taskButtons.see }, schema: { params: schoolIdParamsSchema, response: { 200: tasksConfigSchema } } },
    async (request) => getTasksConfig(schoolOf(request)),
  );

  r.put(
    '/api/tasks-config/:schoolId',
    {
      config: { access: POLICY.taskButtons.change },
      schema: { params: schoolIdParamsSchema, body: tasksConfigBodySchema, response: { 200: tasksConfigSchema } },
    },
    async (request) => saveTaskButtons(schoolOf(request), request.body, request.realtime),
  );
}
