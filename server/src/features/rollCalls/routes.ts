import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import { registerName } from '#protocol/studentRegister';
import {
  ROLL_CALL_TEXTS,
  finishRollCallBodySchema,
  markBodySchema,
  markParamsSchema,
  rollCallSchema,
  rollMarkSchema,
  rollCallsQuerySchema,
  rollCallsSchema,
  startRollCallBodySchema,
} from '#protocol/rollCalls';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { tonightOf } from '../studentRegister/tonight';
import { notFound } from '../../httpError';
import { RollCallModel } from './model';
import { finishRollCall, listRollCalls, startRollCall } from './service';
import { markStudent } from './marks';

/** Roll calls of tonight's boarders (issue 47): not in the spec, beside its calls. */
export async function rollCallRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = { access: POLICY.rollCalls.change };

  r.get(
    '/api/roll-calls',
    { config: { access: POLICY.rollCalls.see }, schema: { querystring: rollCallsQuerySchema, response: { 200: rollCallsSchema } } },
    async (request) => listRollCalls(schoolOf(request), { from: request.query.date, to: request.query.date }),
  );

  r.post(
    '/api/roll-calls',
    { config: change, schema: { querystring: schoolScopeQuerySchema, body: startRollCallBodySchema, response: { 200: rollCallSchema } } },
    async (request) => startRollCall(currentUser(request), schoolOf(request), request.body, request.realtime, app.clock.now()),
  );

  r.put(
    '/api/roll-calls/:id/marks/:studentId',
    {
      config: change,
      schema: { params: markParamsSchema, querystring: schoolScopeQuerySchema, body: markBodySchema, response: { 200: rollMarkSchema } },
    },
    async (request) =>
      markStudent(
        currentUser(request),
        schoolOf(request),
        request.params.id,
        request.params.studentId,
        request.body,
        request.realtime,
        app.push,
        app.clock.now(),
      ),
  );

  r.post(
    '/api/roll-calls/:id/finish',
    {
      config: change,
      schema: {
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: finishRollCallBodySchema,
        response: { 200: rollCallSchema },
      },
    },
    async (request) => {
      const schoolId = schoolOf(request);
      const call = await RollCallModel.of(schoolId).findOne({ _id: request.params.id, schoolId }, { date: 1, house: 1 }).lean();
      if (!call) throw notFound(ROLL_CALL_TEXTS.notFound);
      // Who should have been counted: tonight's list as it is now.
      const tonight = await tonightOf(schoolId, call.date, call.house || undefined);
      const expected = tonight.houses.flatMap((house) =>
        house.rooms.flatMap((room) => room.students.map((s) => ({ id: s.id, name: registerName(s) }))),
      );
      return finishRollCall(
        currentUser(request),
        schoolId,
        request.params.id,
        request.body.note,
        expected,
        request.realtime,
        app.clock.now(),
      );
    },
  );
}
