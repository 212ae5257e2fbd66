import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { POLICY } from '#protocol/policy';
import { schoolIdParamsSchema, tasksConfigBodySchema, tasksConfigSchema } from '#protocol/taskButtons';
import { ifMatchHeadersSchema } from '#protocol/versions';
import { schoolOf } from '../../plugins/schoolScope';
import { currentUser } from '../../plugins/auth';
import { namedVersion, withVersionTag } from '../../plugins/versions';
import { getTasksConfig, saveTaskButtons } from './service';

export async function taskButtonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every approved member of the school reads the buttons: the supervisor board shows them.
  r.get(
    '/api/tasks-config/:schoolId',
    { config: { access: POLICY.taskButtons.see }, schema: { params: schoolIdParamsSchema, response: { 200: tasksConfigSchema } } },
    async (request, reply) => withVersionTag(reply, await getTasksConfig(schoolOf(request))),
  );

  r.put(
    '/api/tasks-config/:schoolId',
    {
      config: { access: POLICY.taskButtons.change },
      schema: {
        headers: ifMatchHeadersSchema,
        params: schoolIdParamsSchema,
        body: tasksConfigBodySchema,
        response: { 200: tasksConfigSchema },
      },
    },
    async (request, reply) => {
      const baseVersion = namedVersion(request, request.body.baseVersion);
      return withVersionTag(
        reply,
        await saveTaskButtons(currentUser(request), schoolOf(request), request.body.buttons, baseVersion, request.realtime),
      );
    },
  );
}
