import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES, SCHOOL_ADMIN_ROLES } from '../../../../protocol/src/roles';
import { schoolIdParamsSchema, tasksConfigBodySchema, tasksConfigSchema } from '../../../../protocol/src/taskButtons';
import { currentUser } from '../../plugins/auth';
import { assertSchoolAccess } from '../schoolScope';
import { getTaskButtons, saveTaskButtons } from './service';

export async function taskButtonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every approved member of the school reads the buttons: the supervisor board shows them.
  r.get(
    '/api/tasks-config/:schoolId',
    { config: { access: { roles: ROLES } }, schema: { params: schoolIdParamsSchema, response: { 200: tasksConfigSchema } } },
    async (request) => {
      const schoolId = await assertSchoolAccess(currentUser(request), request.params.schoolId);
      return { schoolId: schoolId.toHexString(), buttons: await getTaskButtons(schoolId) };
    },
  );

  r.put(
    '/api/tasks-config/:schoolId',
    {
      config: { access: { roles: SCHOOL_ADMIN_ROLES } },
      schema: { params: schoolIdParamsSchema, body: tasksConfigBodySchema, response: { 200: tasksConfigSchema } },
    },
    async (request) => {
      const schoolId = await assertSchoolAccess(currentUser(request), request.params.schoolId);
      return saveTaskButtons(schoolId, request.body.buttons, app.realtime);
    },
  );
}
