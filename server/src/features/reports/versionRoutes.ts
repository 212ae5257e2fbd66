import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { reportVersionParamsSchema, reportVersionSchema, reportVersionsSchema } from '#protocol/reportVersions';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { describeDevice } from '../../core/sessions/device';
import { listVersions, readVersion, type SavedBy } from './versions';

/** Who is saving, and on which device: the one their sign-in recorded, or else what the browser says it is. */
export function savedBy(request: FastifyRequest): SavedBy {
  return { user: currentUser(request), device: request.session?.client?.device ?? describeDevice(request.headers['user-agent']) };
}

/** 'Tidligere versjoner': every saved text of a report, for its writer and the school's administrators. */
export async function reportVersionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/reports/:id/versions',
    {
      config: { access: POLICY.reportVersions.see },
      schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: reportVersionsSchema } },
    },
    async (request) => listVersions(schoolOf(request), currentUser(request), request.params.id),
  );

  r.get(
    '/api/reports/:id/versions/:version',
    {
      config: { access: POLICY.reportVersions.see },
      schema: { params: reportVersionParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: reportVersionSchema } },
    },
    async (request) => readVersion(schoolOf(request), currentUser(request), request.params.id, request.params.version),
  );
}
