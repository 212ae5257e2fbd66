import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema, messageSchema } from '#protocol/common';
import { deletedSchema } from '#protocol/platform';
import { POLICY } from '#protocol/policy';
import {
  addAwayClassesBodySchema,
  addAwayStudentBodySchema,
  awayClassesQuerySchema,
  awayClassesSchema,
  awayQuerySchema,
  awaySchema,
  classIdParamsSchema,
  studentNameParamsSchema,
  tripSchema,
  tripsSchema,
  updateTripBodySchema,
} from '#protocol/away';
import { osloDay } from '#protocol/time';
import { ifMatchHeadersSchema } from '#protocol/versions';
import { currentUser } from '../../plugins/auth';
import { namedVersion, withVersionTag } from '../../plugins/versions';
import { schoolOf } from '../../plugins/schoolScope';
import { onClassDeleted } from '../classes/classDeleted';
import { awayChanged } from './awayChanged';
import { awayClassIds, getAway, removeClassFromTrips } from './service';
import { addToTrip, assertClassOfSchool, deleteTrip, listTrips, removeFromTrips, updateTrip } from './tripService';
import { auditTripMembers } from './tripAudit';

const tripsSeen = { access: POLICY.trips.see };
const tripsChanged = { access: POLICY.trips.change };
const scoped = { querystring: schoolScopeQuerySchema };
const REMOVED = { message: 'Fjernet' };

export async function awayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every change of the trips renews the open day's reports' away lists before it is answered.
  const renewed = async <T>(request: FastifyRequest, result: T): Promise<T> => {
    await awayChanged(schoolOf(request), app.clock.now(), request.realtime);
    return result;
  };
  // A deleted class leaves every trip: the open day's reports no longer list it.
  onClassDeleted('away', async ({ schoolId, classId, now, realtime }) => {
    await removeClassFromTrips(schoolId, classId, realtime);
    await awayChanged(schoolId, now, realtime);
  });
  // A trip is archived once its last day is before today's Oslo date.
  const today = () => osloDay(app.clock.now());

  r.get(
    '/api/away',
    { config: { access: POLICY.away.see }, schema: { querystring: awayQuerySchema, response: { 200: awaySchema } } },
    async (request) => getAway(schoolOf(request), request.query.activeOn),
  );

  r.post(
    '/api/away/add',
    { config: tripsChanged, schema: { ...scoped, body: addAwayStudentBodySchema, response: { 200: tripSchema } } },
    async (request) => {
      const { fromDate, toDate, studentName, studentNames, tripName, studentIds } = request.body;
      const names = [...(studentName !== undefined ? [studentName] : []), ...(studentNames ?? [])];
      const trip = await addToTrip(
        schoolOf(request),
        { fromDate, toDate, tripName },
        { studentNames: names, studentIds },
        request.realtime,
      );
      await auditTripMembers(currentUser(request), schoolOf(request), trip, { added: { studentNames: [...new Set(names)] } });
      return renewed(request, trip);
    },
  );

  r.delete(
    '/api/away/student/:name',
    { config: tripsChanged, schema: { ...scoped, params: studentNameParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { name } = request.params;
      const trips = await removeFromTrips(schoolOf(request), { studentName: name }, today(), request.realtime);
      for (const trip of trips)
        await auditTripMembers(currentUser(request), schoolOf(request), trip, { removed: { studentNames: [name] } });
      return renewed(request, REMOVED);
    },
  );

  r.get(
    '/api/away/classes',
    { config: tripsSeen, schema: { querystring: awayClassesQuerySchema, response: { 200: awayClassesSchema } } },
    async (request) => ({ classIds: await awayClassIds(schoolOf(request), request.query.activeOn) }),
  );

  r.post(
    '/api/away/classes',
    { config: tripsChanged, schema: { ...scoped, body: addAwayClassesBodySchema, response: { 200: tripSchema } } },
    async (request) => {
      const { fromDate, toDate, classIds, tripName } = request.body;
      const trip = await addToTrip(schoolOf(request), { fromDate, toDate, tripName }, { classIds }, request.realtime);
      await auditTripMembers(currentUser(request), schoolOf(request), trip, { added: { classIds: [...new Set(classIds)] } });
      return renewed(request, trip);
    },
  );

  r.delete(
    '/api/away/class/:classId',
    { config: tripsChanged, schema: { ...scoped, params: classIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const schoolId = schoolOf(request);
      await assertClassOfSchool(schoolId, request.params.classId);
      const { classId } = request.params;
      const trips = await removeFromTrips(schoolId, { classId }, today(), request.realtime);
      for (const trip of trips) await auditTripMembers(currentUser(request), schoolId, trip, { removed: { classIds: [classId] } });
      return renewed(request, REMOVED);
    },
  );

  r.get('/api/away/all', { config: tripsSeen, schema: { ...scoped, response: { 200: tripsSchema } } }, async (request) =>
    listTrips(schoolOf(request)),
  );

  r.delete(
    '/api/away/entry/:id',
    { config: tripsChanged, schema: { ...scoped, params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) =>
      renewed(request, await deleteTrip(currentUser(request), schoolOf(request), request.params.id, today(), request.realtime)),
  );

  r.put(
    '/api/away/trip/:id',
    {
      config: tripsChanged,
      schema: {
        ...scoped,
        headers: ifMatchHeadersSchema,
        params: idParamsSchema,
        body: updateTripBodySchema,
        response: { 200: tripSchema },
      },
    },
    async (request, reply) => {
      const baseVersion = namedVersion(request, request.body.baseVersion);
      return withVersionTag(
        reply,
        await renewed(
          request,
          await updateTrip(
            currentUser(request),
            schoolOf(request),
            request.params.id,
            request.body,
            baseVersion,
            today(),
            request.realtime,
          ),
        ),
      );
    },
  );
}
