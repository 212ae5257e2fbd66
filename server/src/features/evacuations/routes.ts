import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import {
  evacuationSchema,
  evacuationsQuerySchema,
  evacuationsSchema,
  evacueeMarkBodySchema,
  evacueeMarkParamsSchema,
  evacueeMarkSchema,
  startEvacuationBodySchema,
} from '#protocol/evacuations';
import { POLICY } from '#protocol/policy';
import { reportDay } from '#protocol/time';
import { deviceTime } from '../../deviceTime';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { endEvacuation, listEvacuations, markEvacuee, startEvacuation } from './service';

/** The evacuation list (issue 47): not in the spec, beside its calls. Every member sees and marks it; Admin and Tilsynsvakt start and end it. */
export async function evacuationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = { access: POLICY.evacuation.change };

  r.get(
    '/api/evacuations',
    { config: { access: POLICY.evacuation.see }, schema: { querystring: evacuationsQuerySchema, response: { 200: evacuationsSchema } } },
    async (request) => listEvacuations(schoolOf(request), reportDay(app.clock.now())),
  );

  r.post(
    '/api/evacuations',
    {
      config: change,
      schema: { querystring: schoolScopeQuerySchema, body: startEvacuationBodySchema, response: { 200: evacuationSchema } },
    },
    async (request) => {
      const now = app.clock.now();
      // Started off line: on the report day of the phone's start, not of when it reached the server.
      const day = reportDay(deviceTime(request.body.startedAt, now));
      return startEvacuation(currentUser(request), schoolOf(request), day, request.body, request.realtime, app.push, now);
    },
  );

  r.put(
    '/api/evacuations/:id/people/:personId',
    {
      config: { access: POLICY.evacuationMarks.change },
      schema: {
        params: evacueeMarkParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: evacueeMarkBodySchema,
        response: { 200: evacueeMarkSchema },
      },
    },
    async (request) =>
      markEvacuee(
        currentUser(request),
        schoolOf(request),
        request.params.id,
        request.params.personId,
        request.body,
        request.realtime,
        app.clock.now(),
      ),
  );

  r.post(
    '/api/evacuations/:id/end',
    { config: change, schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema, response: { 200: evacuationSchema } } },
    async (request) => endEvacuation(currentUser(request), schoolOf(request), request.params.id, request.realtime, app.clock.now()),
  );
}
