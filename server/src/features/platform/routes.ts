import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSchema } from '#protocol/auth';
import { idParamsSchema } from '#protocol/common';
import {
  createSchoolBodySchema,
  deletedSchema,
  platformSchoolSchema,
  platformSchoolsSchema,
  retentionBodySchema,
  updateSchoolBodySchema,
} from '#protocol/platform';
import { POLICY } from '#protocol/policy';
import { PLATFORM_ADMIN_ROLE } from '#protocol/roles';
import {
  createUserBodySchema,
  platformUsersQuerySchema,
  roleChangeBodySchema,
  statusChangeBodySchema,
  transferBodySchema,
  usersSchema,
} from '#protocol/users';
import { currentUser } from '../../plugins/auth';
import { createSchool, deleteSchool, listPlatformSchools, setHealthDataRetention, setSchoolActive } from '../schools/service';
import { UserModel } from '../../core/accounts/userModel';
import { School } from '../../core/accounts/schoolModel';
import { presentUser } from '../../core/accounts/presentUser';
import { listSchoolUsers, sortByName } from '../users/service';
import { changeRole, changeStatus, createUser, deleteUser, transferUser } from './userActions';
import { trusted } from '../../db/trusted';

const seen = { access: POLICY.platform.see };
const changed = { access: POLICY.platform.change };
const BASE = '/api/plattformadministrator';

export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oneUser = { params: idParamsSchema, response: { 200: userSchema } };

  r.get(`${BASE}/schools`, { config: seen, schema: { response: { 200: platformSchoolsSchema } } }, async () => listPlatformSchools());

  r.post(
    `${BASE}/schools`,
    { config: changed, schema: { body: createSchoolBodySchema, response: { 201: platformSchoolSchema } } },
    async (request, reply) => reply.status(201).send(await createSchool(request.body.name, request.realtime)),
  );

  r.put(
    `${BASE}/schools/:id`,
    { config: changed, schema: { params: idParamsSchema, body: updateSchoolBodySchema, response: { 200: platformSchoolSchema } } },
    async (request) => setSchoolActive(request.params.id, request.body.active, request.realtime),
  );

  r.put(
    `${BASE}/schools/:id/retention`,
    { config: changed, schema: { params: idParamsSchema, body: retentionBodySchema, response: { 200: platformSchoolSchema } } },
    async (request) => setHealthDataRetention(currentUser(request), request.params.id, request.body.months, request.realtime),
  );

  r.delete(
    `${BASE}/schools/:id`,
    { config: changed, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => deleteSchool(currentUser(request), request.params.id, request.realtime),
  );

  r.get(
    `${BASE}/users`,
    { config: seen, schema: { querystring: platformUsersQuerySchema, response: { 200: usersSchema } } },
    async (request) => {
      if (request.query.schoolId) return listSchoolUsers(request.query.schoolId);
      const [users, schools] = await Promise.all([
        UserModel.find({ role: trusted({ $ne: PLATFORM_ADMIN_ROLE }) }),
        School.find({}, { name: 1 }).lean(),
      ]);
      const names = new Map(schools.map((s) => [s._id.toHexString(), s.name]));
      return sortByName(users.map((u) => presentUser(u, names.get(u.schoolId?.toHexString() ?? '') ?? null)));
    },
  );

  r.post(
    `${BASE}/users`,
    { config: changed, schema: { body: createUserBodySchema, response: { 201: userSchema } } },
    async (request, reply) => reply.status(201).send(await createUser(request.body, request.realtime)),
  );

  r.put(`${BASE}/users/:id/role`, { config: changed, schema: { ...oneUser, body: roleChangeBodySchema } }, async (request) =>
    changeRole(currentUser(request), request.params.id, request.body.role, request.realtime),
  );

  r.put(`${BASE}/users/:id/status`, { config: changed, schema: { ...oneUser, body: statusChangeBodySchema } }, async (request) =>
    changeStatus(currentUser(request), request.params.id, request.body.status, request.realtime),
  );

  r.put(`${BASE}/users/:id/transfer`, { config: changed, schema: { ...oneUser, body: transferBodySchema } }, async (request) =>
    transferUser(currentUser(request), request.params.id, request.body.schoolId, request.realtime),
  );

  r.delete(
    `${BASE}/users/:id`,
    { config: changed, schema: { params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => deleteUser(currentUser(request), request.params.id, request.realtime),
  );
}
